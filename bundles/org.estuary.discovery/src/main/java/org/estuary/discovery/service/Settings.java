package org.estuary.discovery.service;

import org.estuary.core.component.Bounds;
import org.estuary.lease.LeasePolicy;

/**
 * The effective configuration of a lookup discovery service, checked once: the registration lease policy, the
 * bounds on registrations and on each registration's groups and locators, the event numbering block and the store
 * timeout. Every bound names its setting when it refuses.
 */
final class Settings {

    final LeasePolicy leasePolicy;
    final int maxRegistrations;
    final int maxGroups;
    final int maxLocators;
    final long sequenceBlock;
    final long writeTimeoutMillis;

    /**
     * @param leasePolicy the registration lease policy
     * @param maxRegistrations max.registrations
     * @param maxGroups max.groups.per.registration
     * @param maxLocators max.locators.per.registration
     * @param sequenceBlock sequence.block: event numbers reserved in the store at a time
     * @param writeTimeoutMillis store.write.timeout.ms
     * @throws IllegalArgumentException if a bound is below 1, naming it
     */
    Settings(LeasePolicy leasePolicy, int maxRegistrations, int maxGroups, int maxLocators,
            long sequenceBlock, long writeTimeoutMillis) {
        this.leasePolicy = leasePolicy;
        this.maxRegistrations = Bounds.positive("max.registrations", maxRegistrations);
        this.maxGroups = Bounds.positive("max.groups.per.registration", maxGroups);
        this.maxLocators = Bounds.positive("max.locators.per.registration", maxLocators);
        this.sequenceBlock = Bounds.positive("sequence.block", sequenceBlock);
        this.writeTimeoutMillis = Bounds.positive("store.write.timeout.ms", writeTimeoutMillis);
    }

    @Override
    public String toString() {
        return "registration.lease=" + leasePolicy + ", max.registrations=" + maxRegistrations
                + ", max.groups.per.registration=" + maxGroups + ", max.locators.per.registration=" + maxLocators
                + ", sequence.block=" + sequenceBlock + ", store.write.timeout.ms=" + writeTimeoutMillis;
    }
}
