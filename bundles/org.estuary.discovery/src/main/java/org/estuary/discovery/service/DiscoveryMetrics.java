package org.estuary.discovery.service;

import java.util.Map;

import org.estuary.management.ServiceMetrics;
import org.estuary.management.ServiceMetrics.Counter;

/**
 * The lookup discovery service's metrics: registrations granted, events queued for listeners (discovered and
 * discarded), events dropped, and registrations cancelled because their listener refused an event.
 */
final class DiscoveryMetrics {

    private final ServiceMetrics metrics = new ServiceMetrics();
    final Counter registrationsGranted = metrics.counter("registrations.granted");
    final Counter eventsDiscovered = metrics.counter("events.discovered");
    final Counter eventsDiscarded = metrics.counter("events.discarded");
    final Counter eventsDropped = metrics.counter("events.dropped");
    final Counter listenersRefused = metrics.counter("listeners.refused");

    /** Name to value, in a fixed order. */
    Map<String, Long> snapshot() {
        return metrics.snapshot();
    }
}
