package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class LatencyWindowTest {

    @Test
    void emptyWindowReportsZero() {
        // Store stats: 0 before the first commit
        LatencyWindow window = new LatencyWindow();
        assertEquals(0, window.last());
        assertEquals(0, window.percentile(99));
        assertEquals(0, window.count());
    }

    @Test
    void percentileByNearestRank() {
        // Store stats: p99 of 1..100 is 99, p50 is 50, p100 the maximum
        LatencyWindow window = new LatencyWindow(100);
        for (int i = 100; i >= 1; i--) {
            window.record(i);
        }
        assertEquals(99, window.percentile(99));
        assertEquals(50, window.percentile(50));
        assertEquals(100, window.percentile(100));
        assertEquals(1, window.percentile(0.001));
        assertEquals(1, window.last());
    }

    @Test
    void onlyTheMostRecentSamplesCount() {
        // Store stats: the percentile follows the present, not the store's whole life
        LatencyWindow window = new LatencyWindow(10);
        for (int i = 0; i < 10; i++) {
            window.record(1_000_000);
        }
        for (int i = 0; i < 10; i++) {
            window.record(5);
        }
        assertEquals(5, window.percentile(99));
        assertEquals(20, window.count());
        window.record(-3);
        assertEquals(0, window.last());
    }

    @Test
    void concurrentRecordingKeepsEveryCount() throws Exception {
        // Store stats: commit threads record without locks
        LatencyWindow window = new LatencyWindow(64);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch done = new CountDownLatch(4);
        for (int t = 0; t < 4; t++) {
            pool.execute(() -> {
                for (int i = 0; i < 10_000; i++) {
                    window.record(7);
                }
                done.countDown();
            });
        }
        try {
            assertEquals(true, done.await(5, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
        assertEquals(40_000, window.count());
        assertEquals(7, window.percentile(99));
    }

    @Test
    void badArgumentsAreRefused() {
        // Store stats: bounded window, meaningful percentiles
        assertThrows(IllegalArgumentException.class, () -> new LatencyWindow(0));
        assertThrows(IllegalArgumentException.class, () -> new LatencyWindow((1 << 20) + 1));
        LatencyWindow window = new LatencyWindow(1);
        assertThrows(IllegalArgumentException.class, () -> window.percentile(0));
        assertThrows(IllegalArgumentException.class, () -> window.percentile(100.5));
        assertThrows(IllegalArgumentException.class, () -> window.percentile(Double.NaN));
    }
}
