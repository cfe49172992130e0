package org.estuary.mailbox.internal;

import java.util.Map;

import org.estuary.management.ServiceMetrics;
import org.estuary.management.ServiceMetrics.Counter;
import org.estuary.management.ServiceMetrics.Timer;

/**
 * The event mailbox's metrics: client operations, events stored, refused (full), delivered by push, handed to pull
 * iterators and skipped as unknown, push deliveries that failed for good, and durable store writes.
 */
final class MailboxMetrics {

    private final ServiceMetrics metrics = new ServiceMetrics();
    final Counter operations = metrics.counter("operations");
    final Counter eventsIn = metrics.counter("events.in");
    final Counter eventsRefused = metrics.counter("events.refused");
    final Counter eventsDelivered = metrics.counter("events.delivered");
    final Counter eventsPulled = metrics.counter("events.pulled");
    final Counter eventsSkipped = metrics.counter("events.skipped");
    final Counter deliveryFailures = metrics.counter("delivery.failures");
    final Timer storeWrites = metrics.timer("store.writes", "store.write");

    /** Name to value, in a fixed order; latencies in microseconds over the timer's recent window. */
    Map<String, Long> snapshot() {
        return metrics.snapshot();
    }
}
