package org.estuary.lease.renewal;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How a {@link LeaseRenewer} times its renewals. Immutable; start from {@link #defaults()} and change what you
 * need with the {@code with...} methods. All times are milliseconds.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>setting</th><th>default</th><th>meaning</th></tr>
 * <tr><td>renewal lead</td><td>30,000</td><td>how long before a lease's expiration the first renewal is sent; at
 * most half the granted duration is used, so short leases renew at half-life (LE.2.3: room for the round trip and
 * for retries)</td></tr>
 * <tr><td>batch window</td><td>5,000</td><td>leases that can batch with a lease being renewed join its call if
 * their own renewal falls due within this window</td></tr>
 * <tr><td>retry initial / maximum</td><td>1,000 / 60,000</td><td>back-off between retries after indefinite
 * failures, doubling from the initial to the maximum, and never past the lease's expiration</td></tr>
 * <tr><td>max leases</td><td>100,000</td><td>the most leases one renewer manages</td></tr>
 * </table>
 */
@ProviderType
public final class RenewerSettings {

    private static final RenewerSettings DEFAULTS = new RenewerSettings(30_000, 5_000, 1_000, 60_000, 100_000);

    private final long renewalLead;
    private final long batchWindow;
    private final long retryInitial;
    private final long retryMaximum;
    private final int maxLeases;

    private RenewerSettings(long renewalLead, long batchWindow, long retryInitial, long retryMaximum,
            int maxLeases) {
        if (renewalLead <= 0) {
            throw new IllegalArgumentException("renewal lead must be positive: " + renewalLead);
        }
        if (batchWindow < 0) {
            throw new IllegalArgumentException("batch window must not be negative: " + batchWindow);
        }
        if (retryInitial <= 0 || retryMaximum < retryInitial) {
            throw new IllegalArgumentException("retry back-off needs 0 < initial <= maximum: initial="
                    + retryInitial + ", maximum=" + retryMaximum);
        }
        if (maxLeases <= 0) {
            throw new IllegalArgumentException("max leases must be positive: " + maxLeases);
        }
        this.renewalLead = renewalLead;
        this.batchWindow = batchWindow;
        this.retryInitial = retryInitial;
        this.retryMaximum = retryMaximum;
        this.maxLeases = maxLeases;
    }

    /** The defaults of the table above. */
    public static RenewerSettings defaults() {
        return DEFAULTS;
    }

    /** These settings with another renewal lead (positive). */
    public RenewerSettings withRenewalLead(long millis) {
        return new RenewerSettings(millis, batchWindow, retryInitial, retryMaximum, maxLeases);
    }

    /** These settings with another batch window (zero for none). */
    public RenewerSettings withBatchWindow(long millis) {
        return new RenewerSettings(renewalLead, millis, retryInitial, retryMaximum, maxLeases);
    }

    /** These settings with another retry back-off ({@code 0 < initial <= maximum}). */
    public RenewerSettings withRetry(long initialMillis, long maximumMillis) {
        return new RenewerSettings(renewalLead, batchWindow, initialMillis, maximumMillis, maxLeases);
    }

    /** These settings with another lease limit (positive). */
    public RenewerSettings withMaxLeases(int maxLeases) {
        return new RenewerSettings(renewalLead, batchWindow, retryInitial, retryMaximum, maxLeases);
    }

    /** The renewal lead in milliseconds. */
    public long renewalLead() {
        return renewalLead;
    }

    /** The batch window in milliseconds. */
    public long batchWindow() {
        return batchWindow;
    }

    /** The first retry delay in milliseconds. */
    public long retryInitial() {
        return retryInitial;
    }

    /** The longest retry delay in milliseconds. */
    public long retryMaximum() {
        return retryMaximum;
    }

    /** The most leases a renewer manages. */
    public int maxLeases() {
        return maxLeases;
    }

    @Override
    public String toString() {
        return "RenewerSettings[renewalLead=" + renewalLead + " ms, batchWindow=" + batchWindow
                + " ms, retry=" + retryInitial + ".." + retryMaximum + " ms, maxLeases=" + maxLeases + "]";
    }
}
