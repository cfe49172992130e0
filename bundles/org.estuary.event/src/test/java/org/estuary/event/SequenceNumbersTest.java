package org.estuary.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class SequenceNumbersTest {

    private static final EventKind A = EventKind.of("set-1", 1);
    private static final EventKind B = EventKind.of("set-1", 2);

    /** A "persistent store": survives the SequenceNumbers object, counts writes, can be made to fail. */
    static final class CountingMark implements HighWaterMark {
        final Map<EventKind, Long> stored = new HashMap<>();
        int reserves;
        boolean failNext;

        @Override
        public synchronized OptionalLong load(EventKind kind) {
            Long mark = stored.get(kind);
            return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
        }

        @Override
        public synchronized void reserve(EventKind kind, long upTo) throws IOException {
            if (failNext) {
                failNext = false;
                throw new IOException("disk full");
            }
            Long previous = stored.get(kind);
            if (previous != null && upTo <= previous) {
                throw new AssertionError("mark went down or repeated: " + previous + " -> " + upTo);
            }
            stored.put(kind, upTo);
            reserves++;
        }
    }

    @Test
    void numbersOfOneKindAreFullyOrderedWithinALife() throws IOException {
        // EV.2.3.2: fully ordered: no number skipped, each greater than the last, kinds counted separately.
        SequenceNumbers numbers = new SequenceNumbers(HighWaterMark.inMemory(), 10, 100);
        for (long expected = 1; expected <= 25; expected++) {
            assertEquals(expected, numbers.next(A));
        }
        assertEquals(1, numbers.next(B));
        assertEquals(26, numbers.next(A));
    }

    @Test
    void theMarkIsWrittenOncePerBlockBeforeNumbersOfTheBlockAreHandedOut() throws IOException {
        // EV.2.3.2 + ARCHITECTURE "State and durability": durable before handed out, one write per block.
        CountingMark mark = new CountingMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 100, 100);
        assertEquals(1, numbers.next(A));
        assertEquals(1, mark.reserves);
        assertEquals(100L, mark.stored.get(A));
        for (int i = 2; i <= 100; i++) {
            numbers.next(A);
        }
        assertEquals(1, mark.reserves);
        assertEquals(101, numbers.next(A));
        assertEquals(2, mark.reserves);
        assertEquals(200L, mark.stored.get(A));
    }

    @Test
    void afterARestartNumberingContinuesAboveTheMarkWithAGapButNoRepeat() throws IOException {
        // EV.2.3.2: same source and id -> x before y iff seq(x) < seq(y), also across a restart.
        CountingMark mark = new CountingMark();
        SequenceNumbers before = new SequenceNumbers(mark, 100, 100);
        long last = 0;
        for (int i = 0; i < 5; i++) {
            last = before.next(A);
        }
        assertEquals(5, last);

        SequenceNumbers after = new SequenceNumbers(mark, 100, 100); // the service restarted on the same store
        assertEquals(100, after.current(A), "EV.2.3.5: the registration's current number is the mark");
        long first = after.next(A);
        assertEquals(101, first);
        assertTrue(first > last);
        assertEquals(102, after.next(A), "fully ordered again within the new life");
        assertEquals(200L, mark.stored.get(A));
    }

    @Test
    void aFailedReserveHandsOutNothingAndTheNextCallContinues() throws IOException {
        // EV.2.3.2: a mark that may not be durable must not cover handed-out numbers.
        CountingMark mark = new CountingMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 2, 100);
        assertEquals(1, numbers.next(A));
        assertEquals(2, numbers.next(A));
        mark.failNext = true;
        assertThrows(IOException.class, () -> numbers.next(A));
        assertEquals(2, numbers.current(A));
        assertEquals(3, numbers.next(A));
        assertEquals(4L, mark.stored.get(A));
    }

    @Test
    void aFailedLoadIsRetried() throws IOException {
        // EV.2.3.2: numbering must not start from 0 when the store could not be read.
        CountingMark mark = new CountingMark();
        mark.stored.put(A, 500L);
        boolean[] fail = {true};
        HighWaterMark flaky = new HighWaterMark() {
            @Override
            public OptionalLong load(EventKind kind) throws IOException {
                if (fail[0]) {
                    fail[0] = false;
                    throw new IOException("store offline");
                }
                return mark.load(kind);
            }

            @Override
            public void reserve(EventKind kind, long upTo) throws IOException {
                mark.reserve(kind, upTo);
            }
        };
        SequenceNumbers numbers = new SequenceNumbers(flaky, 10, 100);
        assertThrows(IOException.class, () -> numbers.next(A));
        assertEquals(501, numbers.next(A));
    }

    @Test
    void concurrentCallersGetDistinctConsecutiveNumbersEachSeenIncreasing() throws Exception {
        // EV.2.3.2 under concurrency: no repeat, no gap, and each caller sees its numbers increase.
        SequenceNumbers numbers = new SequenceNumbers(new CountingMark(), 64, 100);
        int threads = 8;
        int perThread = 5_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        Set<Long> all = ConcurrentHashMap.newKeySet();
        List<Future<Boolean>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            results.add(pool.submit(() -> {
                start.await(5, TimeUnit.SECONDS);
                long previous = 0;
                boolean increasing = true;
                for (int i = 0; i < perThread; i++) {
                    long n = numbers.next(A);
                    increasing &= n > previous;
                    previous = n;
                    all.add(n);
                }
                return increasing;
            }));
        }
        start.countDown();
        for (Future<Boolean> result : results) {
            assertTrue(result.get(5, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertEquals(threads * perThread, all.size(), "no repeats");
        for (long n = 1; n <= threads * perThread; n++) {
            assertTrue(all.contains(n), "no gap at " + n);
        }
    }

    @Test
    void currentIsZeroForANewKindAndTheLastNumberAfterwards() throws IOException {
        // EV.2.3.5: getSequenceNumber is the number current when the registration was granted.
        SequenceNumbers numbers = new SequenceNumbers(HighWaterMark.inMemory(), 10, 100);
        assertEquals(0, numbers.current(A));
        numbers.next(A);
        numbers.next(A);
        assertEquals(2, numbers.current(A));
        assertTrue(numbers.next(A) > numbers.current(B));
    }

    @Test
    void theTableIsBoundedAndForgetFreesAnEntry() throws IOException {
        // ARCHITECTURE "Threads and bounds": a full table gives a clear error.
        SequenceNumbers numbers = new SequenceNumbers(HighWaterMark.inMemory(), 10, 1);
        numbers.next(A);
        IllegalStateException full = assertThrows(IllegalStateException.class, () -> numbers.next(B));
        assertTrue(full.getMessage().contains("full"), full.getMessage());
        numbers.forget(A);
        assertEquals(0, numbers.size());
        assertEquals(1, numbers.next(B));
    }

    @Test
    void forgettingAKindKeepsNumberingAboveItsMark() throws IOException {
        // EV.2.3.2: a kind numbered again after forget never repeats a number.
        SequenceNumbers numbers = new SequenceNumbers(HighWaterMark.inMemory(), 10, 10);
        numbers.next(A);
        numbers.forget(A);
        assertEquals(11, numbers.next(A));
    }

    @Test
    void numbersNeverWrapAroundAtTheEndOfLong() throws IOException {
        // EV.2.3.2: a decrease is never allowed, not even by overflow.
        CountingMark mark = new CountingMark();
        mark.stored.put(A, Long.MAX_VALUE - 1);
        SequenceNumbers numbers = new SequenceNumbers(mark, 1_000, 10);
        assertEquals(Long.MAX_VALUE, numbers.next(A));
        assertEquals(Long.MAX_VALUE, (long) mark.stored.get(A));
        assertThrows(IllegalStateException.class, () -> numbers.next(A));
    }

    @Test
    void badArgumentsAreRefused() {
        // Bad input: nulls and out-of-range sizes.
        assertThrows(NullPointerException.class, () -> new SequenceNumbers(null, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new SequenceNumbers(HighWaterMark.inMemory(), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SequenceNumbers(HighWaterMark.inMemory(), -5, 1));
        assertThrows(IllegalArgumentException.class, () -> new SequenceNumbers(HighWaterMark.inMemory(), 1, 0));
        SequenceNumbers numbers = new SequenceNumbers(HighWaterMark.inMemory(), 1, 1);
        assertThrows(NullPointerException.class, () -> numbers.next(null));
        assertThrows(NullPointerException.class, () -> numbers.current(null));
        assertThrows(NullPointerException.class, () -> numbers.forget(null));
    }

    /** A mark whose reservations ahead wait until the test acknowledges them, as a store's background write does. */
    static final class AheadMark implements HighWaterMark {
        final CountingMark durable = new CountingMark();
        final java.util.List<Runnable> inFlight = new java.util.ArrayList<>();
        final java.util.List<Long> started = new java.util.ArrayList<>();

        @Override
        public OptionalLong load(EventKind kind) {
            return durable.load(kind);
        }

        @Override
        public void reserve(EventKind kind, long upTo) throws IOException {
            durable.reserve(kind, upTo);
        }

        @Override
        public void reserveAhead(EventKind kind, long upTo, Runnable onDurable) {
            started.add(upTo);
            inFlight.add(() -> {
                durable.stored.put(kind, upTo);
                onDurable.run();
            });
        }

        void acknowledge() {
            inFlight.forEach(Runnable::run);
            inFlight.clear();
        }
    }

    @Test
    void ev232TheNextBlockIsReservedAheadSoNoCallWaitsOnceItIsDurable() throws IOException {
        AheadMark mark = new AheadMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 10, 100);
        assertEquals(1, numbers.next(A));
        assertEquals(1, mark.durable.reserves, "the first block: reserved and waited for");
        for (int i = 2; i <= 5; i++) {
            numbers.next(A);
        }
        assertEquals(java.util.List.of(), mark.started, "less than half of the block handed out");
        assertEquals(6, numbers.next(A));
        assertEquals(java.util.List.of(20L), mark.started, "half handed out: the next block is reserved ahead");
        mark.acknowledge();
        for (long expected = 7; expected <= 20; expected++) {
            assertEquals(expected, numbers.next(A));
        }
        assertEquals(1, mark.durable.reserves, "no call waited for a reservation after the first");
        assertEquals(java.util.List.of(20L, 30L), mark.started, "and the one after it is on its way");
    }

    @Test
    void ev232NumbersBeyondAReservationAheadThatIsNotDurableAreReservedAndWaitedFor() throws IOException {
        AheadMark mark = new AheadMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 10, 100);
        for (long expected = 1; expected <= 10; expected++) {
            assertEquals(expected, numbers.next(A));
        }
        assertEquals(java.util.List.of(20L), mark.started, "reserved ahead, never acknowledged");
        assertEquals(11, numbers.next(A));
        assertEquals(2, mark.durable.reserves, "the 11th waited for a reservation of its own");
        assertEquals(20L, mark.durable.stored.get(A));
        for (long expected = 12; expected <= 16; expected++) {
            assertEquals(expected, numbers.next(A));
        }
        assertEquals(java.util.List.of(20L, 30L), mark.started, "a new reservation ahead once past half again");
    }

    @Test
    void ev232APreparedKindsFirstEventWaitsForNoWriteOnceItsReservationIsDurable() throws IOException {
        AheadMark mark = new AheadMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 10, 100);
        numbers.prepare(A);
        numbers.prepare(A);
        assertEquals(java.util.List.of(10L), mark.started, "one reservation ahead of the first block");
        assertEquals(0, numbers.current(A), "nothing handed out yet");
        mark.acknowledge();
        for (long expected = 1; expected <= 5; expected++) {
            assertEquals(expected, numbers.next(A));
        }
        assertEquals(0, mark.durable.reserves, "no number waited for a write");
    }

    @Test
    void ev232APreparedKindWhoseReservationIsNotDurableYetReservesAndWaits() throws IOException {
        AheadMark mark = new AheadMark();
        SequenceNumbers numbers = new SequenceNumbers(mark, 10, 100);
        numbers.prepare(A);
        assertEquals(1, numbers.next(A));
        assertEquals(1, mark.durable.reserves, "the first number waited for a reservation of its own");
        mark.acknowledge(); // the reservation ahead, durable late, covers no number twice
        for (long expected = 2; expected <= 10; expected++) {
            assertEquals(expected, numbers.next(A));
        }
    }

    @Test
    void ev232AfterARestartAPreparedKindContinuesAboveItsMark() throws IOException {
        AheadMark mark = new AheadMark();
        SequenceNumbers before = new SequenceNumbers(mark, 10, 100);
        before.prepare(A);
        mark.acknowledge();
        assertEquals(1, before.next(A));
        SequenceNumbers after = new SequenceNumbers(mark, 10, 100); // restarted on the same store
        after.prepare(A);
        assertEquals(java.util.List.of(10L, 20L), mark.started, "the block above the durable mark");
        mark.acknowledge();
        assertEquals(11, after.next(A));
        assertEquals(0, mark.durable.reserves);
        assertThrows(NullPointerException.class, () -> after.prepare(null));
    }
}
