package org.estuary.renewal.internal;

import java.util.Map;

import org.estuary.management.ServiceMetrics;
import org.estuary.management.ServiceMetrics.Counter;
import org.estuary.management.ServiceMetrics.Timer;

/**
 * The lease renewal service's metrics, in the order {@code RenewalAdmin.metrics()} documents: client operations,
 * renewals, retries and failures of renewals, client leases lost because they could not be renewed, events handed
 * to delivery, and durable store writes with their latency.
 */
final class RenewalMetrics {

    private final ServiceMetrics metrics = new ServiceMetrics();
    final Counter operations = metrics.counter("operations");
    final Counter renewals = metrics.counter("renewals");
    final Counter renewalRetries = metrics.counter("renewal.retries");
    final Counter renewalFailures = metrics.counter("renewal.failures");
    final Counter leasesLost = metrics.counter(RenewalView.LOST);
    final Counter eventsOut = metrics.counter("events.out");
    final Timer storeWrites = metrics.timer("store.writes", "store.write");

    /** Name to value, in a fixed order; latencies in microseconds over the timer's recent window. */
    Map<String, Long> snapshot() {
        return metrics.snapshot();
    }
}
