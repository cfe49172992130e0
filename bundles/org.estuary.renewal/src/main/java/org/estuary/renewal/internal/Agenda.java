package org.estuary.renewal.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;

/**
 * When each client lease next needs attention, with one clock timer for the earliest. Stale slots (the entry was
 * rescheduled or removed) are skipped when they come up. Guarded by the service lock; the timer calls
 * {@code onDue} without it.
 */
final class Agenda {

    /** One due time of one entry; the entry's {@link ClientEntry#slot} is its current one, any other is stale. */
    static final class Slot {
        final long dueNanos;
        final ClientEntry entry;

        Slot(long dueNanos, ClientEntry entry) {
            this.dueNanos = dueNanos;
            this.entry = entry;
        }
    }

    private final Clock clock;
    private final Runnable onDue;
    private final PriorityQueue<Slot> slots = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
    private Clock.Scheduled timer;
    private long timerAt = Long.MAX_VALUE;
    private boolean closed;

    Agenda(Clock clock, Runnable onDue) {
        this.clock = clock;
        this.onDue = onDue;
    }

    void schedule(ClientEntry entry, long dueNanos) {
        if (dueNanos == Clock.NEVER) {
            entry.slot = null;
            return;
        }
        Slot slot = new Slot(dueNanos, entry);
        entry.slot = slot;
        slots.add(slot);
        arm();
    }

    /** The entries due at or before {@code nowNanos}, each once. */
    List<ClientEntry> popDue(long nowNanos) {
        List<ClientEntry> due = new ArrayList<>();
        while (!slots.isEmpty() && slots.peek().dueNanos <= nowNanos) {
            Slot slot = slots.poll();
            if (!slot.entry.removed && slot.entry.slot == slot) {
                slot.entry.slot = null;
                due.add(slot.entry);
            }
        }
        timerAt = Long.MAX_VALUE;
        arm();
        return due;
    }

    int size() {
        return slots.size();
    }

    void close() {
        closed = true;
        if (timer != null) {
            timer.cancel();
        }
        slots.clear();
    }

    private void arm() {
        if (closed || slots.isEmpty()) {
            return;
        }
        long head = slots.peek().dueNanos;
        if (head >= timerAt) {
            return;
        }
        if (timer != null) {
            timer.cancel();
        }
        timerAt = head;
        timer = clock.schedule(onDue, Math.max(0, head - clock.nanoTime()), TimeUnit.NANOSECONDS);
    }
}
