package org.estuary.renewal.internal;

import org.estuary.lease.LeasePolicy;
import org.estuary.store.api.testing.ComponentConfig;

/** Renewal service settings for tests: the component's defaults (its configuration annotation's), a few changed. */
final class TestSettings {

    private TestSettings() {
    }

    /** The settings of a component configured with nothing. */
    static Settings defaults() {
        return RenewalComponent.settings(ComponentConfig.of(RenewalComponent.Config.class));
    }

    static Settings withLimits(Settings s, int sets, int perSet, int total) {
        return new Settings(s.setPolicy, sets, perSet, total, s.maxSetsPerClient, s.maxLeasesPerClient,
                s.renewalLeadMillis, s.batchWindowMillis,
                s.retryInitialMillis, s.retryMaxMillis, s.renewalThreads, s.renewalQueue, s.slowCallMillis,
                s.maxSlowCalls, s.delivery, s.sequenceBlock, s.writeTimeoutMillis);
    }

    /** Renewal calls on {@code threads} threads, set aside after {@code slowCallMillis}, at most {@code max}. */
    static Settings withSlowCalls(Settings s, int threads, long slowCallMillis, int max) {
        return new Settings(s.setPolicy, s.maxSets, s.maxLeasesPerSet, s.maxLeases, s.maxSetsPerClient,
                s.maxLeasesPerClient, s.renewalLeadMillis,
                s.batchWindowMillis, s.retryInitialMillis, s.retryMaxMillis, threads, s.renewalQueue,
                slowCallMillis, max, s.delivery, s.sequenceBlock, s.writeTimeoutMillis);
    }

    /** At most {@code sets} sets per client and {@code leases} client leases in them. */
    static Settings withClientQuotas(Settings s, int sets, int leases) {
        return new Settings(s.setPolicy, s.maxSets, s.maxLeasesPerSet, s.maxLeases, sets, leases,
                s.renewalLeadMillis, s.batchWindowMillis, s.retryInitialMillis, s.retryMaxMillis, s.renewalThreads,
                s.renewalQueue, s.slowCallMillis, s.maxSlowCalls, s.delivery, s.sequenceBlock, s.writeTimeoutMillis);
    }

    static Settings withPolicy(Settings s, LeasePolicy policy) {
        return new Settings(policy, s.maxSets, s.maxLeasesPerSet, s.maxLeases, s.maxSetsPerClient,
                s.maxLeasesPerClient, s.renewalLeadMillis,
                s.batchWindowMillis, s.retryInitialMillis, s.retryMaxMillis, s.renewalThreads, s.renewalQueue,
                s.slowCallMillis, s.maxSlowCalls, s.delivery, s.sequenceBlock, s.writeTimeoutMillis);
    }
}
