package org.estuary.renewal.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;

/**
 * When each client lease next needs attention, with one clock timer for the earliest. A binary min-heap of the
 * entries themselves by {@link ClientEntry#due}, each knowing its place in it ({@link ClientEntry#place}), so that a
 * new due time moves the entry in place: scheduling allocates nothing. With a million leases renewed every half
 * minute, a new object per due time, referenced from the long-lived entry and from the heap's array, would make
 * every young collection scan those old objects' cards; the heap only ever points at entries. An entry that leaves
 * its set leaves the heap at once ({@link SetTable} tells {@link #forget}), so neither it nor what it holds (the
 * client's lease and its landlord's stub, which keeps the client's landlord exported through RMI's distributed
 * collector) waits for a due time that may be hours away. Guarded by the service lock; the timer calls
 * {@code onDue} without it.
 */
final class Agenda {

    private final Clock clock;
    private final Runnable onDue;
    private ClientEntry[] heap = new ClientEntry[64];
    private int size;
    private Clock.Scheduled timer;
    private long timerAt = Long.MAX_VALUE;
    private boolean closed;

    Agenda(Clock clock, Runnable onDue) {
        this.clock = clock;
        this.onDue = onDue;
    }

    /** {@code entry} is due at {@code dueNanos}, in place of any due time it had; {@link Clock#NEVER}: never. */
    void schedule(ClientEntry entry, long dueNanos) {
        if (dueNanos == Clock.NEVER) {
            forget(entry);
            return;
        }
        if (entry.place < 0) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, size * 2);
            }
            entry.due = dueNanos;
            entry.place = size;
            heap[size++] = entry;
            up(entry.place);
        } else {
            long before = entry.due;
            entry.due = dueNanos;
            if (dueNanos < before) {
                up(entry.place);
            } else {
                down(entry.place);
            }
        }
        arm();
    }

    /** {@code entry} needs no more attention: it leaves the heap if it is in it. */
    void forget(ClientEntry entry) {
        if (entry.place >= 0) {
            removeAt(entry.place);
        }
    }

    /** The entries due at or before {@code nowNanos}, each once. */
    List<ClientEntry> popDue(long nowNanos) {
        List<ClientEntry> due = new ArrayList<>();
        while (size > 0 && heap[0].due <= nowNanos) {
            ClientEntry entry = heap[0];
            removeAt(0);
            if (!entry.removed) {
                due.add(entry);
            }
        }
        timerAt = Long.MAX_VALUE;
        arm();
        return due;
    }

    int size() {
        return size;
    }

    void close() {
        closed = true;
        if (timer != null) {
            timer.cancel();
        }
        for (int i = 0; i < size; i++) {
            heap[i].place = -1;
            heap[i] = null;
        }
        size = 0;
    }

    private void removeAt(int place) {
        ClientEntry gone = heap[place];
        gone.place = -1;
        ClientEntry last = heap[--size];
        heap[size] = null;
        if (place < size) {
            heap[place] = last;
            last.place = place;
            if (last.due < gone.due) {
                up(place);
            } else {
                down(place);
            }
        }
    }

    private void up(int place) {
        ClientEntry entry = heap[place];
        while (place > 0) {
            int parent = (place - 1) >>> 1;
            ClientEntry above = heap[parent];
            if (above.due <= entry.due) {
                break;
            }
            heap[place] = above;
            above.place = place;
            place = parent;
        }
        heap[place] = entry;
        entry.place = place;
    }

    private void down(int place) {
        ClientEntry entry = heap[place];
        int half = size >>> 1;
        while (place < half) {
            int child = 2 * place + 1;
            if (child + 1 < size && heap[child + 1].due < heap[child].due) {
                child++;
            }
            if (entry.due <= heap[child].due) {
                break;
            }
            heap[place] = heap[child];
            heap[place].place = place;
            place = child;
        }
        heap[place] = entry;
        entry.place = place;
    }

    private void arm() {
        if (closed || size == 0) {
            return;
        }
        long head = heap[0].due;
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
