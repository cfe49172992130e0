package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/** Committed outcomes answered for exactly the retention time after each completed, then forgotten (TX.2.5). */
class CommittedIdsTest {

    private final ManualClock clock = new ManualClock(0);

    @Test
    void anIdIsKnownForTheRetentionTimeAfterItCompletedAndNoLonger() {
        CommittedIds ids = new CommittedIds(clock, 8_000);
        ids.add(7);
        clock.advance(3_500, TimeUnit.MILLISECONDS); // in a later bucket than 7
        ids.add(-9);
        assertTrue(ids.contains(7));
        assertTrue(ids.contains(-9));
        assertFalse(ids.contains(8), "never added");
        clock.advance(4_499, TimeUnit.MILLISECONDS);
        assertTrue(ids.contains(7), "1 ms short of its retention");
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertFalse(ids.contains(7), "retention over");
        assertTrue(ids.contains(-9));
        clock.advance(3_500, TimeUnit.MILLISECONDS);
        assertFalse(ids.contains(-9));
    }

    @Test
    void aCompletionWithinAMillisecondIsAnsweredTheWholeRetentionTime() {
        CommittedIds ids = new CommittedIds(clock, 1_000);
        clock.advance(100, TimeUnit.MICROSECONDS);
        ids.add(1);
        clock.advance(300, TimeUnit.MICROSECONDS);
        ids.add(2); // within the bucket 1 opened if they share a stripe: its time is rounded up, never down
        clock.advance(999_999, TimeUnit.MICROSECONDS);
        assertTrue(ids.contains(2), "1 us short of its retention");
        clock.advance(1_001, TimeUnit.MICROSECONDS);
        assertFalse(ids.contains(1));
        assertFalse(ids.contains(2), "past its retention by more than the rounding");
    }

    @Test
    void manyIdsInOneBucketAreAllFound() {
        CommittedIds ids = new CommittedIds(clock, 60_000);
        for (long id = 1; id <= 100_000; id++) {
            ids.add(id * 31); // consecutive-looking ids spread over stripes and slots all the same
        }
        for (long id = 1; id <= 100_000; id++) {
            assertTrue(ids.contains(id * 31), "id " + id * 31);
            assertFalse(ids.contains(id * 31 + 1), "id " + (id * 31 + 1));
        }
    }

    @Test
    void idsPastABucketsFirstChunksAreAllFound() {
        CommittedIds ids = new CommittedIds(clock, 60_000);
        // TX.2.5: about 9,400 ids a stripe, in one bucket: its first chunk grown to 4,096 ids and two chunks after it
        int count = 600_000;
        for (long id = 1; id <= count; id++) {
            ids.add(id * 13);
        }
        for (long id = 1; id <= count; id++) {
            assertTrue(ids.contains(id * 13), "id " + id * 13);
        }
        assertFalse(ids.contains(13L * count + 1));
    }

    @Test
    void idsAddedBetweenLookupsAreFoundAsTheBucketGrows() {
        CommittedIds ids = new CommittedIds(clock, 60_000);
        for (long id = 1; id <= 5_000; id++) {
            ids.add(id * 7);
            // a lookup after each add: what came since the last lookup joins the index, which grows as it fills
            assertTrue(ids.contains(id * 7), "id " + id * 7);
            assertTrue(ids.contains((id + 1) / 2 * 7), "an earlier id " + (id + 1) / 2 * 7);
            assertFalse(ids.contains(id * 7 + 1), "id " + (id * 7 + 1));
        }
    }

    @Test
    void anIdAddedTwiceKeepsItsFirstCompletion() {
        CommittedIds ids = new CommittedIds(clock, 8_000);
        ids.add(11);
        clock.advance(500, TimeUnit.MILLISECONDS); // the same bucket (a span is 1 s)
        ids.add(11);
        clock.advance(7_500, TimeUnit.MILLISECONDS);
        assertFalse(ids.contains(11), "retention counts from the first completion");
    }

    @Test
    void noRetentionKeepsNothing() {
        CommittedIds ids = new CommittedIds(clock, 0);
        ids.add(5);
        assertFalse(ids.contains(5));
        assertThrows(IllegalArgumentException.class, () -> new CommittedIds(clock, -1));
    }
}
