package org.estuary.core.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** What a waiting thread tells the transport serving its call: once, only during that call. */
class WaitsTest {

    @Test
    void theTransportIsToldOnceHoweverOftenTheCallWaits() {
        List<String> told = new ArrayList<>();
        Waits.during(() -> told.add("hand on"), () -> {
            Waits.aboutToWait();
            Waits.aboutToWait();
        });
        assertEquals(List.of("hand on"), told);
    }

    @Test
    void afterTheCallEvenAFailedOneTheThreadIsToldNothing() {
        List<String> told = new ArrayList<>();
        assertThrows(IllegalStateException.class, () -> Waits.during(() -> told.add("hand on"), () -> {
            throw new IllegalStateException("the call failed");
        }));
        Waits.aboutToWait();
        assertEquals(List.of(), told);
    }

    @Test
    void aNestedCallTellsItsOwnTransportAndTheOuterOneIsRestored() {
        List<String> told = new ArrayList<>();
        Waits.during(() -> told.add("outer"), () -> {
            Waits.during(() -> told.add("inner"), Waits::aboutToWait);
            Waits.aboutToWait();
        });
        assertEquals(List.of("inner", "outer"), told);
    }
}
