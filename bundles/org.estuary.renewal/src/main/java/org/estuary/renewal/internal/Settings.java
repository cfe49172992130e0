package org.estuary.renewal.internal;

import org.estuary.core.component.Bounds;
import org.estuary.event.DeliveryConfig;
import org.estuary.lease.LeasePolicy;

/**
 * The effective configuration of a renewal service, checked once: the set lease policy, the bounds, the renewal
 * timing and the event delivery settings. Built from {@link RenewalComponent.Config}.
 */
final class Settings {

    final LeasePolicy setPolicy;
    final int maxSets;
    final int maxLeasesPerSet;
    final int maxLeases;
    final int maxSetsPerClient;
    final int maxLeasesPerClient;
    final long renewalLeadMillis;
    final long batchWindowMillis;
    final long retryInitialMillis;
    final long retryMaxMillis;
    final int renewalThreads;
    final int renewalQueue;
    final long slowCallMillis;
    final int maxSlowCalls;
    final DeliveryConfig delivery;
    final long sequenceBlock;
    final long writeTimeoutMillis;

    Settings(LeasePolicy setPolicy, int maxSets, int maxLeasesPerSet, int maxLeases, int maxSetsPerClient,
            int maxLeasesPerClient, long renewalLeadMillis,
            long batchWindowMillis, long retryInitialMillis, long retryMaxMillis, int renewalThreads,
            int renewalQueue, long slowCallMillis, int maxSlowCalls, DeliveryConfig delivery, long sequenceBlock,
            long writeTimeoutMillis) {
        this.setPolicy = setPolicy;
        this.maxSets = Bounds.positive("max.sets", maxSets);
        this.maxLeasesPerSet = Bounds.positive("max.leases.per.set", maxLeasesPerSet);
        this.maxLeases = Bounds.positive("max.leases", maxLeases);
        this.maxSetsPerClient = Bounds.positive("max.sets.per.client", maxSetsPerClient);
        this.maxLeasesPerClient = Bounds.positive("max.leases.per.client", maxLeasesPerClient);
        this.renewalLeadMillis = Bounds.positive("renewal.lead.ms", renewalLeadMillis);
        this.batchWindowMillis = Bounds.notNegative("renewal.batch.window.ms", batchWindowMillis);
        this.retryInitialMillis = Bounds.positive("renewal.retry.initial.ms", retryInitialMillis);
        this.retryMaxMillis = Bounds.positive("renewal.retry.max.ms", retryMaxMillis);
        this.renewalThreads = Bounds.positive("renewal.threads", renewalThreads);
        this.renewalQueue = Bounds.positive("renewal.queue", renewalQueue);
        this.slowCallMillis = Bounds.positive("slow.call.ms", slowCallMillis);
        this.maxSlowCalls = (int) Bounds.notNegative("slow.calls.max", maxSlowCalls);
        this.delivery = delivery;
        this.sequenceBlock = Bounds.positive("event.sequence.block", sequenceBlock);
        this.writeTimeoutMillis = Bounds.positive("store.write.timeout.ms", writeTimeoutMillis);
    }

    @Override
    public String toString() {
        return "set.lease=" + setPolicy + ", max.sets=" + maxSets + ", max.leases.per.set=" + maxLeasesPerSet
                + ", max.leases=" + maxLeases + ", max.sets.per.client=" + maxSetsPerClient
                + ", max.leases.per.client=" + maxLeasesPerClient + ", renewal.lead.ms=" + renewalLeadMillis
                + ", renewal.batch.window.ms=" + batchWindowMillis + ", renewal.retry.ms=" + retryInitialMillis
                + ".." + retryMaxMillis + ", renewal.threads=" + renewalThreads + ", renewal.queue="
                + renewalQueue + ", slow.call.ms=" + slowCallMillis + ", slow.calls.max=" + maxSlowCalls
                + ", delivery=" + delivery + ", event.sequence.block=" + sequenceBlock;
    }
}
