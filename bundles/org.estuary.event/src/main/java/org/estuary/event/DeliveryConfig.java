package org.estuary.event;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The bounds and timings of an {@link EventDelivery}. Build one with {@link #builder()}; every value is checked
 * when built, so a bad configuration fails at activation and not at the first event.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>setting</th><th>default</th><th>meaning</th></tr>
 * <tr><td>threads</td><td>{@value #DEFAULT_THREADS}</td><td>how many {@code notify} calls run at once</td></tr>
 * <tr><td>maxQueuedPerLane</td><td>1,000</td><td>events one lane (one listener or registration) may hold</td></tr>
 * <tr><td>maxQueuedTotal</td><td>100,000</td><td>events all lanes together may hold</td></tr>
 * <tr><td>initialRetryDelayMillis</td><td>1,000</td><td>wait after the first indefinite failure</td></tr>
 * <tr><td>maxRetryDelayMillis</td><td>60,000</td><td>the wait doubles after each failure up to this</td></tr>
 * <tr><td>slowCallMillis</td><td>2,000</td><td>a {@code notify} call still running after this is set aside: it no
 * longer counts against {@code threads}, so a listener that does not answer holds up only its own lane (with
 * {@link EventDelivery#withOwnThreads}, which adds a thread per call set aside)</td></tr>
 * <tr><td>maxSlowCalls</td><td>64</td><td>calls set aside at once at most; beyond, a slow call keeps counting
 * against {@code threads}</td></tr>
 * </table>
 */
@ProviderType
public final class DeliveryConfig {

    /**
     * The {@code threads} of the defaults, which every Estuary service's {@code event.threads} also takes. More calls
     * at once do not deliver faster on a small machine: on two processors, 8 or 16 threads told 10,000 registrations
     * of a lookup service over RMI two to three times slower than 4, each event costing more CPU (bench/README.md,
     * discovery). A listener that does not answer does not hold a thread against this bound ({@code slowCallMillis}).
     *
     * @since 1.7
     */
    public static final int DEFAULT_THREADS = 4;

    private final int threads;
    private final int maxQueuedPerLane;
    private final int maxQueuedTotal;
    private final long initialRetryDelayMillis;
    private final long maxRetryDelayMillis;
    private final long slowCallMillis;
    private final int maxSlowCalls;

    private DeliveryConfig(Builder builder) {
        this.threads = builder.threads;
        this.maxQueuedPerLane = builder.maxQueuedPerLane;
        this.maxQueuedTotal = builder.maxQueuedTotal;
        this.initialRetryDelayMillis = builder.initialRetryDelayMillis;
        this.maxRetryDelayMillis = builder.maxRetryDelayMillis;
        this.slowCallMillis = builder.slowCallMillis;
        this.maxSlowCalls = builder.maxSlowCalls;
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The defaults. */
    public static DeliveryConfig defaults() {
        return builder().build();
    }

    /** How many {@code notify} calls run at once. */
    public int threads() {
        return threads;
    }

    /** How many events one lane may hold (queued, in flight or waiting to retry). */
    public int maxQueuedPerLane() {
        return maxQueuedPerLane;
    }

    /** How many events all lanes together may hold. */
    public int maxQueuedTotal() {
        return maxQueuedTotal;
    }

    /** The wait after the first indefinite failure, in milliseconds. */
    public long initialRetryDelayMillis() {
        return initialRetryDelayMillis;
    }

    /** The longest wait between two attempts, in milliseconds. */
    public long maxRetryDelayMillis() {
        return maxRetryDelayMillis;
    }

    /**
     * How long a {@code notify} call runs before it is set aside (no longer counted against {@link #threads()}).
     *
     * @since 1.4
     */
    public long slowCallMillis() {
        return slowCallMillis;
    }

    /**
     * How many {@code notify} calls may be set aside at once.
     *
     * @since 1.4
     */
    public int maxSlowCalls() {
        return maxSlowCalls;
    }

    @Override
    public String toString() {
        return "DeliveryConfig[threads=" + threads + ", maxQueuedPerLane=" + maxQueuedPerLane
                + ", maxQueuedTotal=" + maxQueuedTotal + ", initialRetryDelayMillis=" + initialRetryDelayMillis
                + ", maxRetryDelayMillis=" + maxRetryDelayMillis + ", slowCallMillis=" + slowCallMillis
                + ", maxSlowCalls=" + maxSlowCalls + "]";
    }

    /** Collects settings; {@link #build()} checks them. */
    @ProviderType
    public static final class Builder {
        private int threads = DEFAULT_THREADS;
        private int maxQueuedPerLane = 1_000;
        private int maxQueuedTotal = 100_000;
        private long initialRetryDelayMillis = 1_000;
        private long maxRetryDelayMillis = 60_000;
        private long slowCallMillis = 2_000;
        private int maxSlowCalls = 64;

        private Builder() {
        }

        /** How many {@code notify} calls run at once (at least 1). */
        public Builder threads(int value) {
            threads = value;
            return this;
        }

        /** How many events one lane may hold (at least 1). */
        public Builder maxQueuedPerLane(int value) {
            maxQueuedPerLane = value;
            return this;
        }

        /** How many events all lanes together may hold (at least 1). */
        public Builder maxQueuedTotal(int value) {
            maxQueuedTotal = value;
            return this;
        }

        /** The wait after the first indefinite failure (positive milliseconds). */
        public Builder initialRetryDelayMillis(long value) {
            initialRetryDelayMillis = value;
            return this;
        }

        /** The longest wait between two attempts (milliseconds, at least the initial delay). */
        public Builder maxRetryDelayMillis(long value) {
            maxRetryDelayMillis = value;
            return this;
        }

        /**
         * How long a {@code notify} call runs before it is set aside (at least 1 ms).
         *
         * @since 1.4
         */
        public Builder slowCallMillis(long value) {
            slowCallMillis = value;
            return this;
        }

        /**
         * How many {@code notify} calls may be set aside at once (at least 0).
         *
         * @since 1.4
         */
        public Builder maxSlowCalls(int value) {
            maxSlowCalls = value;
            return this;
        }

        /**
         * The configuration.
         *
         * @throws IllegalArgumentException naming the first setting out of range
         */
        public DeliveryConfig build() {
            atLeastOne("threads", threads);
            atLeastOne("maxQueuedPerLane", maxQueuedPerLane);
            atLeastOne("maxQueuedTotal", maxQueuedTotal);
            atLeastOne("initialRetryDelayMillis", initialRetryDelayMillis);
            atLeastOne("slowCallMillis", slowCallMillis);
            if (maxSlowCalls < 0) {
                throw new IllegalArgumentException("maxSlowCalls must not be negative: " + maxSlowCalls);
            }
            if (maxRetryDelayMillis < initialRetryDelayMillis) {
                throw new IllegalArgumentException("maxRetryDelayMillis (" + maxRetryDelayMillis
                        + ") must not be below initialRetryDelayMillis (" + initialRetryDelayMillis + ")");
            }
            return new DeliveryConfig(this);
        }

        private static void atLeastOne(String name, long value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1: " + value);
            }
        }
    }
}
