package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Ids drawn in batches: every id of several batches is new (a repeat has a chance of about 2^-50 here). */
class UnguessableIdsTest {

    @Test
    void idsAcrossBatchesDoNotRepeat() {
        UnguessableIds ids = new UnguessableIds();
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            seen.add(ids.getAsLong());
        }
        assertEquals(1_000, seen.size());
    }
}
