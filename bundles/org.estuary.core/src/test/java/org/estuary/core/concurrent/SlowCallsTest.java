package org.estuary.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

class SlowCallsTest {

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    @Test
    void aCallStillRunningAfterTheBoundIsSetAsideOnceAndReported() {
        SlowCalls slow = new SlowCalls(clock, 100, 2, null, warnings::add);
        AtomicInteger setAside = new AtomicInteger();
        SlowCalls.Call call = slow.start("landlord A", setAside::incrementAndGet);
        clock.advance(99, TimeUnit.MILLISECONDS);
        assertFalse(call.wasSetAside(), "not yet at the bound");
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertTrue(call.wasSetAside());
        assertEquals(1, setAside.get(), "the owner's action ran once");
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("landlord A has not answered in 100 ms: set aside (1 of at most 2)"),
                warnings.get(0));
        call.close();
        call.close(); // a second close changes nothing
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(1, warnings.size(), "a call that ended is not reported again");
        try (SlowCalls.Call next = slow.start("landlord B", null)) {
            clock.advance(100, TimeUnit.MILLISECONDS);
            assertTrue(next.wasSetAside());
        }
        assertTrue(warnings.get(1).startsWith("landlord B has not answered in 100 ms: set aside (1 of at most 2)"),
                "the first call's place was given back once when it ended: " + warnings.get(1));
    }

    @Test
    void aCallThatEndsInTimeIsNeverSetAside() {
        SlowCalls slow = new SlowCalls(clock, 100, 2, null, warnings::add);
        AtomicInteger setAside = new AtomicInteger();
        try (SlowCalls.Call call = slow.start("listener", setAside::incrementAndGet)) {
            clock.advance(50, TimeUnit.MILLISECONDS);
        }
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(0, setAside.get());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void atMostMaxSetAsideAtOnceAndTheRestIsReportedAsKeepingItsThread() {
        SlowCalls slow = new SlowCalls(clock, 100, 1, null, warnings::add);
        SlowCalls.Call first = slow.start("landlord A", null);
        SlowCalls.Call second = slow.start("landlord B", null);
        clock.advance(100, TimeUnit.MILLISECONDS);
        assertTrue(first.wasSetAside());
        assertFalse(second.wasSetAside(), "the bound is reached");
        assertTrue(warnings.get(1).contains("landlord B has not answered in 100 ms and 1 slow calls are already set "
                + "aside"), warnings.toString());
        first.close();
        second.close();
        try (SlowCalls.Call third = slow.start("landlord C", null)) {
            clock.advance(100, TimeUnit.MILLISECONDS);
            assertTrue(third.wasSetAside(), "the place is free again once the call set aside ended");
        }
    }

    @Test
    void aPoolGetsAThreadPerCallSetAsideSoItsQueuedTaskRunsAndGivesItBackAfter() throws Exception {
        ThreadPoolExecutor pool = Pools.bounded("slow-calls-test", 1, 10);
        SlowCalls slow = new SlowCalls(clock, 100, 4, pool, warnings::add);
        CountDownLatch blocked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch otherRan = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        try {
            pool.execute(() -> {
                try (SlowCalls.Call call = slow.start("landlord A", null)) {
                    blocked.countDown();
                    release.await(); // a landlord that does not answer
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ended.countDown();
            });
            assertTrue(blocked.await(10, TimeUnit.SECONDS));
            pool.execute(otherRan::countDown); // queued behind the only thread
            assertEquals(1, otherRan.getCount(), "the only thread is held");
            clock.advance(100, TimeUnit.MILLISECONDS);
            assertTrue(otherRan.await(10, TimeUnit.SECONDS), "the queued task ran on the thread added");
            assertEquals(2, pool.getCorePoolSize());
            release.countDown();
            assertTrue(ended.await(10, TimeUnit.SECONDS));
            assertEquals(1, pool.getCorePoolSize(), "the thread is given back");
            assertEquals(1, pool.getMaximumPoolSize());
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void boundsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new SlowCalls(clock, 0, 1, null, warnings::add));
        assertThrows(IllegalArgumentException.class, () -> new SlowCalls(clock, 1, -1, null, warnings::add));
    }
}
