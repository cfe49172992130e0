package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import com.codahale.metrics.Snapshot;

/** A timer's window: the latencies of its last operations, the oldest overwritten first. */
class RecentReservoirTest {

    @Test
    void holdsWhatWasRecordedWhileNotFull() {
        RecentReservoir reservoir = new RecentReservoir();
        assertEquals(0, reservoir.size());
        reservoir.update(30);
        reservoir.update(10);
        reservoir.update(20);
        Snapshot snapshot = reservoir.getSnapshot();
        assertEquals(3, snapshot.size());
        assertEquals(10, snapshot.getMin());
        assertEquals(20, (long) snapshot.getMedian());
        assertEquals(30, snapshot.getMax());
    }

    @Test
    void keepsTheLastValuesOnceFull() {
        RecentReservoir reservoir = new RecentReservoir();
        int extra = 10;
        for (int i = 1; i <= RecentReservoir.SIZE + extra; i++) {
            reservoir.update(i);
        }
        Snapshot snapshot = reservoir.getSnapshot();
        assertEquals(RecentReservoir.SIZE, snapshot.size());
        assertEquals(extra + 1, snapshot.getMin()); // the first values were overwritten
        assertEquals(RecentReservoir.SIZE + extra, snapshot.getMax());
    }

    @Test
    void holdsWhatEveryThreadRecorded() throws Exception {
        RecentReservoir reservoir = new RecentReservoir();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            long base = 1_000L * (t + 1);
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    reservoir.update(base + i);
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        Snapshot snapshot = reservoir.getSnapshot();
        assertEquals(400, snapshot.size(), "whichever stripes the threads recorded into");
        assertEquals(400, reservoir.size());
        assertEquals(1_000, snapshot.getMin());
        assertEquals(4_099, snapshot.getMax());
    }
}
