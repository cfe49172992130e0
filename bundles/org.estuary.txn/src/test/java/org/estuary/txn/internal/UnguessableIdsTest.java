package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

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
}
