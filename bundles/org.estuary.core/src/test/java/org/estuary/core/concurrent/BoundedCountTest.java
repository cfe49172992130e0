package org.estuary.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class BoundedCountTest {

    @Test
    void oneThreadGetsExactlyTheMaximumBelowAChunk() {
        BoundedCount count = new BoundedCount(3);
        assertTrue(count.tryAcquire());
        assertTrue(count.tryAcquire());
        assertTrue(count.tryAcquire());
        assertFalse(count.tryAcquire(), "a fourth unit of three");
        assertEquals(3, count.count());
        count.release();
        assertEquals(2, count.count());
        assertTrue(count.tryAcquire(), "the unit given back is taken again");
        assertFalse(count.tryAcquire());
    }

    @Test
    void oneThreadGetsExactlyTheMaximumOverManyChunks() {
        int max = 10 * BoundedCount.CHUNK + 7;
        BoundedCount count = new BoundedCount(max);
        assertTakesExactly(count, max, "a fresh count");
        assertEquals(max, count.count());
        for (int i = 0; i < max; i++) {
            count.release();
        }
        assertEquals(0, count.count(), "spares are not counted as held");
        assertTakesExactly(count, max, "again");
    }

    @Test
    void unitsGivenBackInOtherThreadsAreTakenBackWhereverTheyWait() throws Exception {
        int max = 3 * BoundedCount.CHUNK + 1;
        BoundedCount count = new BoundedCount(max);
        // every unit taken here and given back in eight other threads, so spares sit on the other stripes
        assertTakesExactly(count, max, "a fresh count");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int units = max / 8 + (t < max % 8 ? 1 : 0);
            threads.add(new Thread(() -> {
                for (int i = 0; i < units; i++) {
                    count.release();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertEquals(0, count.count());
        assertTakesExactly(count, max, "spares on other stripes");
    }

    @Test
    void manyGivenBackAtOnce() {
        BoundedCount count = new BoundedCount(40);
        for (int i = 0; i < 40; i++) {
            assertTrue(count.tryAcquire());
        }
        count.release(25);
        assertEquals(15, count.count());
        assertTakesExactly(count, 25, "after 25 given back at once");
        assertThrows(IllegalArgumentException.class, () -> count.release(-1));
    }

    @Test
    void threadsTogetherNeverHoldMoreThanTheMaximum() throws Exception {
        int max = 2 * BoundedCount.CHUNK + 3;
        BoundedCount count = new BoundedCount(max);
        AtomicInteger held = new AtomicInteger();
        AtomicReference<String> broken = new AtomicReference<>();
        int threads = 6;
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    // each thread holds up to max / 2 units at once, so together they press on the maximum
                    int mine = 0;
                    for (int i = 0; i < 200_000; i++) {
                        if (mine < max / 2 && (i & 1) == 0 && count.tryAcquire()) {
                            mine++;
                            int now = held.incrementAndGet();
                            if (now > max) {
                                broken.compareAndSet(null, now + " units held of at most " + max);
                            }
                        } else if (mine > 0) {
                            mine--;
                            held.decrementAndGet();
                            count.release();
                        }
                    }
                    for (; mine > 0; mine--) {
                        held.decrementAndGet();
                        count.release();
                    }
                } finally {
                    done.countDown();
                }
            });
            thread.start();
        }
        assertTrue(done.await(60, TimeUnit.SECONDS), "the threads did not finish");
        assertEquals(null, broken.get());
        assertEquals(0, count.count());
        assertTakesExactly(count, max, "after the threads gave all back");
    }

    @Test
    void aMaximumBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BoundedCount(0));
    }

    /** {@code count} gives exactly {@code units} more units, then refuses. */
    private static void assertTakesExactly(BoundedCount count, int units, String when) {
        for (int i = 0; i < units; i++) {
            assertTrue(count.tryAcquire(), when + ": unit " + i + " of " + units);
        }
        assertFalse(count.tryAcquire(), when + ": a unit beyond " + units);
    }
}
