package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Ids drawn in batches: every id of several batches and keys is new (a repeat has a chance of about 2^-23 here). */
class UnguessableIdsTest {

    @Test
    void idsAcrossBatchesAndKeysDoNotRepeat() {
        UnguessableIds ids = new UnguessableIds();
        // 2^21 ids of 8 bytes: a whole key's keystream (2^24 bytes) and the start of the next key's
        long[] drawn = new long[(1 << 21) + 1_000];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = ids.getAsLong();
        }
        Arrays.sort(drawn);
        for (int i = 1; i < drawn.length; i++) {
            assertNotEquals(drawn[i - 1], drawn[i], "an id drawn twice");
        }
    }

    @Test
    void twoGeneratorsShareNoIds() {
        UnguessableIds one = new UnguessableIds();
        UnguessableIds other = new UnguessableIds();
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(one.getAsLong());
        }
        for (int i = 0; i < 10_000; i++) {
            assertFalse(seen.contains(other.getAsLong()), "keys and counters are drawn for each generator");
        }
    }

    @Test
    void threadsDrawingAtOnceNeverGetTheSameId() throws Exception {
        // TX.2.1: each create's id is its own, also when the lease table's granting threads draw at once
        UnguessableIds ids = new UnguessableIds();
        int threads = 4;
        int each = 50_000; // about 800 blocks between them: many refills raced for
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<long[]>> drawn = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                drawn.add(pool.submit(() -> {
                    long[] mine = new long[each];
                    for (int i = 0; i < each; i++) {
                        mine[i] = ids.getAsLong();
                    }
                    return mine;
                }));
            }
            Set<Long> seen = new HashSet<>();
            for (Future<long[]> mine : drawn) {
                for (long id : mine.get(30, TimeUnit.SECONDS)) {
                    assertTrue(seen.add(id), "id " + id + " drawn twice");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
