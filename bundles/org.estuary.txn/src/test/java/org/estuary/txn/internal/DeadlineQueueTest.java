package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/** Things due at deadlines, handed over in deadline order by one clock timer; cancelled ones never. */
class DeadlineQueueTest {

    private final ManualClock clock = new ManualClock(0);
    private final List<String> due = new ArrayList<>();
    private final DeadlineQueue<String> queue = new DeadlineQueue<>(clock, due::add);

    private DeadlineQueue.Entry<String> add(String item, long millis) {
        return queue.add(item, clock.deadlineAfterMillis(millis));
    }

    @Test
    void handsOverInDeadlineOrderWhenDue() {
        add("late", 300);
        add("early", 100);
        add("middle", 200);
        clock.advance(150, TimeUnit.MILLISECONDS);
        assertEquals(List.of("early"), due);
        clock.advance(200, TimeUnit.MILLISECONDS);
        assertEquals(List.of("early", "middle", "late"), due);
        assertEquals(0, clock.pending());
    }

    @Test
    void aCancelledEntryIsNotHandedOver() {
        DeadlineQueue.Entry<String> first = add("first", 100);
        DeadlineQueue.Entry<String> second = add("second", 200);
        add("third", 300);
        queue.cancel(second); // not the head: leaves once it reaches it
        queue.cancel(first);
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(List.of("third"), due);
    }

    @Test
    void oneTimerServesManyEntries() {
        for (int i = 0; i < 100; i++) {
            add("item " + i, 100 + i);
        }
        assertEquals(1, clock.pending());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(100, due.size());
    }

    /** Adds each item it is handed again, up to three hand-overs, as a transaction not yet to be forgotten is. */
    private DeadlineQueue<String> requeuing;

    @Test
    void whatADueEntryAddsIsArmedFor() {
        requeuing = new DeadlineQueue<>(clock, item -> {
            due.add(item);
            if (due.size() < 3) {
                requeuing.add(item, clock.deadlineAfterMillis(100));
            }
        });
        requeuing.add("waits", clock.deadlineAfterMillis(100));
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(List.of("waits", "waits", "waits"), due);
    }
}
