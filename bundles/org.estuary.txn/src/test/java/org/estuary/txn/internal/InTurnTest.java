package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/** Calls made in turn by one thread; a call that runs past the hand-off time has the rest made in parallel. */
class InTurnTest {

    private final ManualClock clock = new ManualClock(0);
    private final DeadlineQueue<InTurn> handOffs = new DeadlineQueue<>(clock, InTurn::handOff);
    private final List<Runnable> dispatched = new ArrayList<>();
    private final List<String> made = new ArrayList<>();
    private final AtomicBoolean handedOff = new AtomicBoolean();

    private void run(List<InTurn.Call> calls) {
        new InTurn(calls, dispatched::add, () -> handedOff.set(true))
                .run(false, handOffs, clock.deadlineAfterMillis(InTurn.HAND_OFF_MILLIS));
    }

    @Test
    void promptCallsAreAllMadeByTheCallingThread() {
        run(List.of(pooled -> made.add("a pooled=" + pooled), pooled -> made.add("b pooled=" + pooled)));
        assertEquals(List.of("a pooled=false", "b pooled=false"), made);
        clock.advance(InTurn.HAND_OFF_MILLIS, TimeUnit.MILLISECONDS);
        assertTrue(dispatched.isEmpty(), "nothing handed off once the calls returned");
        assertFalse(handedOff.get());
    }

    @Test
    void aCallRunningPastTheHandOffTimeHasTheRestMadeOnOtherThreads() {
        run(List.of(pooled -> {
            made.add("slow");
            clock.advance(InTurn.HAND_OFF_MILLIS, TimeUnit.MILLISECONDS); // the timer fires while it runs
        }, pooled -> made.add("b pooled=" + pooled), pooled -> made.add("c pooled=" + pooled)));
        assertEquals(List.of("slow"), made, "the calling thread made no call after the hand-off");
        assertTrue(handedOff.get());
        assertEquals(2, dispatched.size());
        dispatched.forEach(Runnable::run);
        assertEquals(List.of("slow", "b pooled=true", "c pooled=true"), made);
    }
}
