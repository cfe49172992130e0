package org.estuary.store.memory.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.estuary.store.api.Batch;
import org.junit.jupiter.api.Test;

class BatchPlanTest {

    private static Map<String, Map<String, byte[]>> data() {
        Map<String, Map<String, byte[]>> data = new HashMap<>();
        Map<String, byte[]> s = new HashMap<>();
        s.put("a", new byte[10]); // 1 + 10 bytes
        s.put("b", new byte[20]); // 1 + 20 bytes
        data.put("s", s);
        return data;
    }

    @Test
    void measuresTheNetEffectOfOrderedOperations() {
        // Store S2: the last operation on a key decides
        BatchPlan plan = BatchPlan.of(Batch.builder().put("s", "a", new byte[5]).delete("s", "b")
                .put("s", "c", new byte[1]).delete("s", "c").put("t", "x", new byte[3]).build());
        BatchPlan.Effect effect = plan.measure(data());
        assertEquals(-1 + 1, effect.records()); // b gone, x new, c put then deleted
        assertEquals(-5 - 21 + 4, effect.bytes());
        assertEquals(2, effect.ownRecords()); // a and x
        assertEquals(6 + 4, effect.ownBytes());
        assertFalse(effect.grows());
    }

    @Test
    void clearDropsTheSpaceAndWhatCameBeforeIt() {
        // Store S8: clear + puts replaces a space
        Map<String, Map<String, byte[]>> data = data();
        BatchPlan plan = BatchPlan.of(Batch.builder().put("s", "z", new byte[1]).clear("s")
                .put("s", "a", new byte[2]).build());
        BatchPlan.Effect effect = plan.measure(data);
        assertEquals(1 - 2, effect.records());
        assertEquals(3 - 32, effect.bytes());
        plan.applyTo(data);
        assertEquals(1, data.get("s").size());
        assertEquals(2, data.get("s").get("a").length);
    }

    @Test
    void emptiedSpacesDisappear() {
        // Store S4: spaces() lists only spaces with records
        Map<String, Map<String, byte[]>> data = data();
        BatchPlan.of(Batch.builder().delete("s", "a").delete("s", "b").delete("t", "never").build()).applyTo(data);
        assertTrue(data.isEmpty(), data.toString());
        BatchPlan.of(Batch.builder().put("u", "k", new byte[0]).clear("u").build()).applyTo(data);
        assertTrue(data.isEmpty(), data.toString());
    }

    @Test
    void replacingWithALargerValueGrowsBytesOnly() {
        // Store S5: growth is judged on records and bytes separately
        BatchPlan.Effect effect = BatchPlan.of(Batch.builder().put("s", "a", new byte[11]).build())
                .measure(data());
        assertEquals(0, effect.records());
        assertEquals(1, effect.bytes());
        assertTrue(effect.grows());
    }
}
