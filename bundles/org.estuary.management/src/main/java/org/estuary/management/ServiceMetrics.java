package org.estuary.management;

import java.rmi.RemoteException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.store.api.WritePath;
import org.osgi.annotation.versioning.ProviderType;

import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;

/**
 * A service's metrics: counters and latency timers on Dropwizard Metrics (embedded in this bundle, so services
 * carry no copy of it and see none of its types), read as one map that the console, the shell and the service's
 * MXBean show. A service declares its metrics once, in the order they are shown. Its {@link ServiceView} hands
 * {@link #snapshot()} to the views, and {@link MetricsHistory} samples it for the console's charts. Thread safe.
 */
@ProviderType
public final class ServiceMetrics {

    /** A count that only grows. */
    @ProviderType
    public static final class Counter {
        private final com.codahale.metrics.Counter counter;

        private Counter(com.codahale.metrics.Counter counter) {
            this.counter = counter;
        }

        public void inc() {
            counter.inc();
        }

        public long count() {
            return counter.getCount();
        }
    }

    /** Latencies of one kind of operation, over its last 1,024 operations per recording stripe. */
    @ProviderType
    public static final class Timer {
        private final Histogram latencies;

        private Timer(Histogram latencies) {
            this.latencies = latencies;
        }

        /** Starts timing one operation; {@link Timing#stop()} records it. */
        public Timing time() {
            return new Timing(latencies);
        }

        /**
         * Runs one client operation through {@code path} ({@link WritePath#call}) and records how long its caller
         * waited, for the decision and for its batch to be durable, whatever the outcome.
         *
         * @throws X if the decision refused the operation
         * @throws RemoteException as {@link WritePath#call} throws it when the store failed
         */
        public <T, X extends Exception> T call(WritePath path, WritePath.Decide<T, X> decide)
                throws X, RemoteException {
            Timing timing = time();
            try {
                return path.call(decide);
            } finally {
                timing.stop();
            }
        }

        /**
         * {@link #call}, for a client's call that ends with the operation ({@link WritePath#reply}): an answer sent
         * later is timed until its batch is acknowledged.
         *
         * @throws X if the decision refused the operation
         * @throws RemoteException as {@link WritePath#reply} throws it when the store failed
         */
        public <T, X extends Exception> T reply(WritePath path, WritePath.Decide<T, X> decide, T unsent)
                throws X, RemoteException {
            Timing timing = time();
            boolean later = false;
            try {
                T answer = path.reply(decide, unsent);
                CompletionStage<?> acknowledged = LaterAnswers.claimed();
                if (acknowledged != null) {
                    later = true;
                    acknowledged.whenComplete((value, failure) -> timing.stop());
                }
                return answer;
            } finally {
                if (!later) {
                    timing.stop();
                }
            }
        }

        public long count() {
            return latencies.getCount();
        }
    }

    /** One operation being timed. */
    @ProviderType
    public static final class Timing {
        private final Histogram latencies;
        private final long start = System.nanoTime();
        private final AtomicBoolean stopped = new AtomicBoolean();

        private Timing(Histogram latencies) {
            this.latencies = latencies;
        }

        /** Records the time since {@link Timer#time()}; only the first call counts. */
        public void stop() {
            if (stopped.compareAndSet(false, true)) {
                latencies.update(System.nanoTime() - start);
            }
        }
    }

    private interface Reading {
        void into(Map<String, Long> values);
    }

    private final MetricRegistry registry = new MetricRegistry();
    private final Map<String, Reading> readings = new LinkedHashMap<>();

    /**
     * A counter shown as {@code name}.
     *
     * @throws IllegalArgumentException if {@code name} ends in {@value MetricsSeries#LATENCY_SUFFIX}, the suffix
     *         of latencies, which charts draw as they are read rather than as rates
     */
    public synchronized Counter counter(String name) {
        if (name.endsWith(MetricsSeries.LATENCY_SUFFIX)) {
            throw new IllegalArgumentException("counter " + name + " must not end in "
                    + MetricsSeries.LATENCY_SUFFIX + ", the suffix of latencies");
        }
        com.codahale.metrics.Counter counter = registry.counter(name);
        declare(name, values -> values.put(name, counter.getCount()));
        return new Counter(counter);
    }

    /**
     * A timer shown as {@code name} (how many were timed) and {@code prefix.p50.us}, {@code prefix.p99.us},
     * {@code prefix.max.us} (latencies in microseconds over its last 1,024 operations per recording stripe).
     */
    public synchronized Timer timer(String name, String prefix) {
        Histogram latencies = registry.histogram(name, () -> new Histogram(new RecentReservoir()));
        declare(name, values -> {
            values.put(name, latencies.getCount());
            Snapshot latency = latencies.getSnapshot();
            values.put(prefix + ".p50.us", micros(latency.getMedian()));
            values.put(prefix + ".p99.us", micros(latency.get99thPercentile()));
            values.put(prefix + ".max.us", micros(latency.getMax()));
        });
        return new Timer(latencies);
    }

    /** Name to value, in the order the metrics were declared. */
    public synchronized Map<String, Long> snapshot() {
        Map<String, Long> values = new LinkedHashMap<>();
        readings.values().forEach(reading -> reading.into(values));
        return Collections.unmodifiableMap(values);
    }

    private void declare(String name, Reading reading) {
        if (readings.putIfAbsent(name, reading) != null) {
            throw new IllegalArgumentException("metric " + name + " is declared twice");
        }
    }

    private static long micros(double nanos) {
        return TimeUnit.NANOSECONDS.toMicros((long) nanos);
    }
}
