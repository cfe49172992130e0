package org.estuary.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class PoolsTest {

    @Test
    void aBoundedPoolRunsAtMostItsThreadsAndQueuesAtMostItsQueue() throws Exception {
        ThreadPoolExecutor pool = Pools.bounded("pools-test", 2, 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(2);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        try {
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {
                    threads.add(Thread.currentThread());
                    running.countDown();
                    await(release);
                });
            }
            assertTrue(running.await(10, TimeUnit.SECONDS), "both threads run");
            pool.execute(() -> { }); // the one place in the queue
            assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }),
                    "a task beyond the threads and the queue is refused");
            assertEquals(2, pool.getPoolSize());
            for (Thread thread : threads) {
                assertTrue(thread.isDaemon(), thread + " is a daemon");
                assertTrue(thread.getName().matches("pools-test-[12]"), thread.getName());
            }
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void boundsMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pools.bounded("p", 0, 1));
        assertTrue(e.getMessage().contains("threads and queue must be at least 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Pools.bounded("p", 1, 0));
        assertThrows(NullPointerException.class, () -> Pools.daemonThreads(null));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
