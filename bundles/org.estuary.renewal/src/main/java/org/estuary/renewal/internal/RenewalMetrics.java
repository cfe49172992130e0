package org.estuary.renewal.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;

/**
 * Issue 7 item 5: the service's counters and its store-write latency, on Dropwizard Metrics (embedded; see the
 * README for why). Shown by the console, the shell and the MXBean through {@code RenewalAdmin.metrics()}.
 */
final class RenewalMetrics {

    private final MetricRegistry registry = new MetricRegistry();
    final Counter operations = registry.counter("operations");
    final Counter renewals = registry.counter("renewals");
    final Counter renewalRetries = registry.counter("renewal.retries");
    final Counter renewalFailures = registry.counter("renewal.failures");
    final Counter eventsOut = registry.counter("events.out");
    final Timer storeWrites = registry.timer("store.writes");

    /** Name to value, in a fixed order; latencies in microseconds over the timer's recent window. */
    Map<String, Long> snapshot() {
        Map<String, Long> values = new LinkedHashMap<>();
        values.put("operations", operations.getCount());
        values.put("renewals", renewals.getCount());
        values.put("renewal.retries", renewalRetries.getCount());
        values.put("renewal.failures", renewalFailures.getCount());
        values.put("events.out", eventsOut.getCount());
        values.put("store.writes", storeWrites.getCount());
        Snapshot latency = storeWrites.getSnapshot();
        values.put("store.write.p50.us", micros(latency.getMedian()));
        values.put("store.write.p99.us", micros(latency.get99thPercentile()));
        values.put("store.write.max.us", micros(latency.getMax()));
        return java.util.Collections.unmodifiableMap(values);
    }

    private static long micros(double nanos) {
        return TimeUnit.NANOSECONDS.toMicros((long) nanos);
    }
}
