package org.estuary.store.jdbc.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

/** Folding a group of batches and weighing each against the limits (Store S1, S2, S5). */
class GroupPlanTest {

    private static final Settings THREE_RECORDS = new Settings("t_", 3, 1_000, 8, 0, 8, 1);

    @Test
    void eachBatchIsWeighedOnTopOfTheBatchesAdmittedBeforeItInTheGroup() {
        // Store S5: a batch that does not fit is refused alone; the others of the group commit
        RecordIndex index = new RecordIndex();
        index.put("s/a", "old", 4);
        GroupPlan plan = new GroupPlan(index, THREE_RECORDS);
        assertNull(plan.add(Batch.builder().put("s/a", "k1", bytes("v")).build()));
        assertSame(Reason.FULL, plan.add(Batch.builder().put("s/a", "k2", bytes("v")).put("s/a", "k3", bytes("v"))
                .build()).reason());
        assertNull(plan.add(Batch.builder().put("s/a", "k2", bytes("v")).build()), "fits after the refused one");
        assertSame(Reason.TOO_LARGE, plan.add(Batch.builder().put("s/b", "1", bytes("")).put("s/b", "2", bytes(""))
                .put("s/b", "3", bytes("")).put("s/b", "4", bytes("")).build()).reason());
        assertNull(plan.add(Batch.builder().clear("s/a").put("s/a", "new", bytes("n")).build()),
                "a clear makes room within the same batch");
        assertEquals(3, plan.admitted());
        plan.applyTo(index);
        assertEquals(1, index.records());
        assertEquals(4, index.bytes());
        assertEquals(4, index.size("s/a", "new"));
        assertNull(index.size("s/a", "old"));
    }

    @Test
    void deletesAndShrinkingPutsAreAdmittedWhenFull() {
        // Store S5: what does not grow the store is accepted even when it is full
        RecordIndex index = new RecordIndex();
        index.put("s/a", "a", 3);
        index.put("s/a", "b", 3);
        index.put("s/a", "c", 3);
        GroupPlan plan = new GroupPlan(index, THREE_RECORDS);
        assertNull(plan.add(Batch.builder().put("s/a", "a", bytes("x")).build()));
        assertNull(plan.add(Batch.builder().delete("s/a", "b").put("s/a", "d", bytes("y")).build()));
        assertSame(Reason.FULL, plan.add(Batch.builder().put("s/a", "e", bytes("z")).build()).reason());
        plan.applyTo(index);
        assertEquals(3, index.records());
        assertEquals(2 + 3 + 2, index.bytes());
        assertTrue(plan.admitted() == 2 && !plan.isEmpty());
    }

    @Test
    void theChecksumCoversSpaceKeyAndValue() {
        // A value, a key or a space changed outside the store no longer matches
        long sum = RecordChecksum.of("s/a", "k", bytes("v"));
        assertEquals(sum, RecordChecksum.of("s/a", "k", bytes("v")));
        assertTrue(sum != RecordChecksum.of("s/b", "k", bytes("v")));
        assertTrue(sum != RecordChecksum.of("s/a", "j", bytes("v")));
        assertTrue(sum != RecordChecksum.of("s/a", "k", bytes("w")));
        assertTrue(RecordChecksum.of("s/ak", "", new byte[0]) != RecordChecksum.of("s/a", "k", new byte[0]));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
