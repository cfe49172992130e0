package org.estuary.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

/** A call's answer claimed for later: only inside the transport's slot, once, and by the call that opened it. */
class LaterAnswersTest {

    @Test
    void withoutASlotNothingCanBeClaimed() {
        assertFalse(LaterAnswers.possible());
        assertNull(LaterAnswers.claimed());
        assertThrows(IllegalStateException.class, () -> LaterAnswers.claim(new CompletableFuture<>(), () -> "a"));
    }

    @Test
    void aSlotTakesOneClaimAndKeepsIt() throws Exception {
        CompletableFuture<Void> ready = new CompletableFuture<>();
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            assertTrue(LaterAnswers.possible());
            LaterAnswers.claim(ready, () -> "the answer");
            assertFalse(LaterAnswers.possible());
            assertThrows(IllegalStateException.class, () -> LaterAnswers.claim(new CompletableFuture<>(), () -> "b"));
            assertSame(ready, slot.ready());
            assertSame(ready, LaterAnswers.claimed());
            assertEquals("the answer", slot.answer().get());
        }
        assertFalse(LaterAnswers.possible(), "the slot ends with the call");
    }

    @Test
    void aNestedCallHasItsOwnSlotAndTheOuterOneIsOpenAgainAfterIt() {
        CompletableFuture<Void> inner = new CompletableFuture<>();
        try (LaterAnswers.Slot outer = LaterAnswers.open()) {
            try (LaterAnswers.Slot nested = LaterAnswers.open()) {
                LaterAnswers.claim(inner, () -> "inner");
                assertSame(inner, nested.ready());
            }
            assertTrue(LaterAnswers.possible());
            assertNull(outer.ready());
        }
    }
}
