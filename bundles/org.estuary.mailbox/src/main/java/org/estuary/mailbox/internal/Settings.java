package org.estuary.mailbox.internal;

import org.estuary.core.component.Bounds;
import org.estuary.event.DeliveryConfig;
import org.estuary.lease.LeasePolicy;

/**
 * The effective configuration of an event mailbox, checked once: the registration lease policy, the bounds on
 * registrations and stored events, the pull batch, push delivery and the store timeout. Built from
 * {@code MailboxComponent.Config}; every bound names its setting when it refuses.
 */
final class Settings {

    final LeasePolicy leasePolicy;
    final int maxRegistrations;
    final int maxRegistrationsPerClient;
    final int maxEventsPerRegistration;
    final long maxBytesPerRegistration;
    final long maxBytesTotal;
    final int maxUnknownPerRegistration;
    final int pullBatchEvents;
    final long pullBatchBytes;
    final DeliveryConfig delivery;
    final long disableWaitMillis;
    final long writeTimeoutMillis;

    Settings(LeasePolicy leasePolicy, int maxRegistrations, int maxRegistrationsPerClient,
            int maxEventsPerRegistration, long maxBytesPerRegistration, long maxBytesTotal,
            int maxUnknownPerRegistration, int pullBatchEvents, long pullBatchBytes, DeliveryConfig delivery,
            long disableWaitMillis, long writeTimeoutMillis) {
        this.leasePolicy = leasePolicy;
        this.maxRegistrations = Bounds.positive("max.registrations", maxRegistrations);
        this.maxRegistrationsPerClient = Bounds.positive("max.registrations.per.client", maxRegistrationsPerClient);
        this.maxEventsPerRegistration = Bounds.positive("max.events.per.registration", maxEventsPerRegistration);
        this.maxBytesPerRegistration = Bounds.positive("max.bytes.per.registration", maxBytesPerRegistration);
        this.maxBytesTotal = Bounds.positive("max.bytes", maxBytesTotal);
        this.maxUnknownPerRegistration = Bounds.positive("max.unknown.per.registration", maxUnknownPerRegistration);
        this.pullBatchEvents = Bounds.positive("pull.batch.events", pullBatchEvents);
        this.pullBatchBytes = Bounds.positive("pull.batch.bytes", pullBatchBytes);
        this.delivery = delivery;
        this.disableWaitMillis = Bounds.positive("delivery.disable.wait.ms", disableWaitMillis);
        this.writeTimeoutMillis = Bounds.positive("store.write.timeout.ms", writeTimeoutMillis);
    }

    @Override
    public String toString() {
        return "registration.lease=" + leasePolicy + ", max.registrations=" + maxRegistrations
                + ", max.events.per.registration=" + maxEventsPerRegistration + ", max.bytes.per.registration="
                + maxBytesPerRegistration + ", max.bytes=" + maxBytesTotal + ", max.unknown.per.registration="
                + maxUnknownPerRegistration + ", pull.batch.events=" + pullBatchEvents + ", pull.batch.bytes="
                + pullBatchBytes + ", delivery=" + delivery + ", delivery.disable.wait.ms=" + disableWaitMillis
                + ", store.write.timeout.ms=" + writeTimeoutMillis;
    }
}
