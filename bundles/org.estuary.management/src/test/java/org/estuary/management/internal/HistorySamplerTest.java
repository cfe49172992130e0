package org.estuary.management.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.estuary.management.MetricsSample;
import org.estuary.management.ServiceMetrics;
import org.estuary.management.ServiceView;
import org.estuary.management.testing.SampleView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every view's metrics sampled into a bounded ring, rounds driven by the test on a fixed clock. */
class HistorySamplerTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final ScheduledExecutorService unused = Executors.newSingleThreadScheduledExecutor();
    private final HistorySampler sampler = new HistorySampler(new Clock() {
        @Override
        public long millis() {
            return now.get();
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now.get());
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }, unused);

    @AfterEach
    void stop() {
        sampler.deactivate();
        assertTrue(unused.isShutdown());
    }

    private static ServiceView view(String name, Supplier<Map<String, Long>> metrics) {
        ServiceView sample = new SampleView().view;
        return new ServiceView(name, sample.title(), sample.tables(), sample.actions(), metrics);
    }

    @Test
    void aViewIsSampledWhenRegisteredAndEveryRound() {
        ServiceMetrics metrics = new ServiceMetrics();
        ServiceMetrics.Counter operations = metrics.counter("operations");
        sampler.bindView(view("mailbox", metrics::snapshot));
        operations.inc();
        now.addAndGet(5_000);
        sampler.sampleAll();

        List<MetricsSample> samples = sampler.samples("mailbox");
        assertEquals(2, samples.size());
        assertEquals(1_000_000, samples.get(0).epochMillis());
        assertEquals(0L, samples.get(0).values().get("operations"));
        assertEquals(1_005_000, samples.get(1).epochMillis());
        assertEquals(1L, samples.get(1).values().get("operations"));
    }

    @Test
    void theRingKeepsTheNewestCapacitySamples() {
        AtomicLong count = new AtomicLong();
        sampler.bindView(view("txn", () -> Map.of("operations", count.incrementAndGet())));
        for (int i = 0; i < HistorySampler.CAPACITY + 10; i++) {
            now.addAndGet(5_000);
            sampler.sampleAll();
        }

        List<MetricsSample> samples = sampler.samples("txn");
        assertEquals(HistorySampler.CAPACITY, samples.size());
        assertEquals(HistorySampler.CAPACITY + 11L, samples.get(samples.size() - 1).values().get("operations"));
        assertEquals(12L, samples.get(0).values().get("operations"));
    }

    @Test
    void aViewWithoutMetricsHasNoHistoryAndAGoneViewLosesIt() {
        sampler.bindView(view("stores", null));
        ServiceView discovery = view("discovery", () -> Map.of("operations", 1L));
        sampler.bindView(discovery);
        sampler.unbindView(discovery);
        sampler.sampleAll();

        assertEquals(List.of(), sampler.samples("stores"));
        assertEquals(List.of(), sampler.samples("discovery"));
        assertEquals(List.of(), sampler.samples("nothing"));
    }

    @Test
    void aViewWhoseMetricsFailIsSkippedForTheRound() {
        AtomicLong calls = new AtomicLong();
        sampler.bindView(view("renewal", () -> {
            if (calls.incrementAndGet() == 2) {
                throw new IllegalStateException("closing");
            }
            return Map.of("operations", calls.get());
        }));
        sampler.sampleAll();
        sampler.sampleAll();

        assertEquals(List.of(1L, 3L), sampler.samples("renewal").stream()
                .map(sample -> sample.values().get("operations")).toList());
    }
}
