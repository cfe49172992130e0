package org.estuary.core.concurrent;

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
        assertThrows(IllegalStateException.class, () -> LaterAnswers.claim(new CompletableFuture<>()));
    }

    @Test
    void aSlotTakesOneClaimAndKeepsIt() {
        CompletableFuture<String> answer = new CompletableFuture<>();
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            assertTrue(LaterAnswers.possible());
            LaterAnswers.claim(answer);
            assertFalse(LaterAnswers.possible());
            assertThrows(IllegalStateException.class, () -> LaterAnswers.claim(new CompletableFuture<>()));
            assertSame(answer, slot.claimed());
            assertSame(answer, LaterAnswers.claimed());
        }
        assertFalse(LaterAnswers.possible(), "the slot ends with the call");
    }

    @Test
    void aNestedCallHasItsOwnSlotAndTheOuterOneIsOpenAgainAfterIt() {
        CompletableFuture<String> inner = new CompletableFuture<>();
        try (LaterAnswers.Slot outer = LaterAnswers.open()) {
            try (LaterAnswers.Slot nested = LaterAnswers.open()) {
                LaterAnswers.claim(inner);
                assertSame(inner, nested.claimed());
            }
            assertTrue(LaterAnswers.possible());
            assertNull(outer.claimed());
        }
    }
}
