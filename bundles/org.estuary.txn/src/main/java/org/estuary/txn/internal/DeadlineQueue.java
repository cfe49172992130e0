package org.estuary.txn.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.estuary.core.time.Clock;

/**
 * Things due at a deadline (a transaction to forget, TX.2.5's cleanup; a vote's {@code vote.ms}), with one clock
 * timer armed for the earliest instead of one per thing: a timer per commit would keep an entry per commit in the
 * clock's queue and cost each commit a turn at its lock and a wake of its thread. A cancelled entry leaves once it
 * reaches the head; the timer is not cancelled with it, and re-arms for what is left when it fires. Thread-safe, on
 * a lock of its own that nothing else is taken under: {@code due} runs on the clock's timer without it, so it may
 * take a transaction's lock, under which {@link #add} and {@link #cancel} are called.
 *
 * @param <T> what falls due
 */
final class DeadlineQueue<T> {

    /** One thing due at {@code at}. */
    static final class Entry<T> implements Comparable<Entry<T>> {
        private final long at;
        private final long order;
        private final T item;
        private boolean cancelled;

        private Entry(long at, long order, T item) {
            this.at = at;
            this.order = order;
            this.item = item;
        }

        @Override
        public int compareTo(Entry<T> other) {
            long by = at - other.at; // deadlines compare as nanoTime values do
            return by != 0 ? (by < 0 ? -1 : 1) : Long.compare(order, other.order);
        }
    }

    private final Clock clock;
    private final Consumer<T> due;
    /** Guards every field below. */
    private final Object lock = new Object();
    private final PriorityQueue<Entry<T>> entries = new PriorityQueue<>();
    private long added;
    /** The armed timer and its deadline; null when none is armed. */
    private Clock.Scheduled timer;
    private long timerAt;
    private boolean closed;

    DeadlineQueue(Clock clock, Consumer<T> due) {
        this.clock = clock;
        this.due = due;
    }

    /** {@code item} is due at the clock's {@code deadline} (a nanoTime value). */
    Entry<T> add(T item, long deadline) {
        synchronized (lock) {
            Entry<T> entry = new Entry<>(deadline, added++, item);
            if (closed) {
                return entry;
            }
            entries.add(entry);
            if (timer == null || deadline - timerAt < 0) {
                arm(deadline);
            }
            return entry;
        }
    }

    /** {@code entry} is not due after all. */
    void cancel(Entry<T> entry) {
        synchronized (lock) {
            entry.cancelled = true;
            while (!entries.isEmpty() && entries.peek().cancelled) {
                entries.poll();
            }
        }
    }

    /** Nothing more is handed over. */
    void close() {
        synchronized (lock) {
            closed = true;
            if (timer != null) {
                timer.cancel();
                timer = null;
            }
            entries.clear();
        }
    }

    private void arm(long at) {
        if (timer != null) {
            timer.cancel();
        }
        timerAt = at;
        timer = clock.schedule(this::sweep, Math.max(0, at - clock.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** Takes what is due under the lock and hands it over, in deadline order, without it. */
    private void sweep() {
        List<T> dueNow = new ArrayList<>();
        synchronized (lock) {
            timer = null;
            long now = clock.nanoTime();
            Entry<T> head;
            while ((head = entries.peek()) != null && (head.cancelled || head.at - now <= 0)) {
                entries.poll();
                if (!head.cancelled) {
                    dueNow.add(head.item);
                }
            }
            if (!entries.isEmpty()) {
                arm(entries.peek().at);
            }
        }
        for (T item : dueNow) {
            due.accept(item);
        }
    }
}
