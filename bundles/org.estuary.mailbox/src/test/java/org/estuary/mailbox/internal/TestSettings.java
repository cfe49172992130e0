package org.estuary.mailbox.internal;

import org.estuary.event.DeliveryConfig;
import org.estuary.lease.LeasePolicy;

/** Settings for the mailbox's unit tests: small bounds, retries of 1 s doubling to 8 s on the manual clock. */
final class TestSettings {

    static final long LEASE_MAX = 3_600_000;

    private TestSettings() {
    }

    static Settings defaults() {
        return with(100, 1_000, 1_000_000, 100);
    }

    static Settings with(int maxRegistrations, int maxEventsPerRegistration, long maxBytesTotal, int pullBatch) {
        return withClientQuota(maxRegistrations, maxRegistrations, maxEventsPerRegistration, maxBytesTotal,
                pullBatch);
    }

    static Settings withClientQuota(int maxRegistrations, int perClient, int maxEventsPerRegistration,
            long maxBytesTotal, int pullBatch) {
        return settings(maxRegistrations, perClient, maxEventsPerRegistration, maxBytesTotal, pullBatch, 1_000);
    }

    /** The defaults, with enable/disableDelivery waiting up to {@code millis} for an attempt in flight. */
    static Settings withDisableWait(long millis) {
        return settings(100, 100, 1_000, 1_000_000, 100, millis);
    }

    private static Settings settings(int maxRegistrations, int perClient, int maxEventsPerRegistration,
            long maxBytesTotal, int pullBatch, long disableWaitMillis) {
        return new Settings(new LeasePolicy(60_000, LEASE_MAX), maxRegistrations, perClient, maxEventsPerRegistration,
                maxBytesTotal, maxBytesTotal, 10, pullBatch, 1_000_000,
                DeliveryConfig.builder().initialRetryDelayMillis(1_000).maxRetryDelayMillis(8_000).build(),
                disableWaitMillis, 10_000);
    }
}
