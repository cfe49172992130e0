package org.estuary.txn.internal;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.estuary.core.time.Clock;

/**
 * Things due at a deadline (a transaction to forget, TX.2.5's cleanup; a vote's {@code vote.ms}), with one clock
 * timer armed for the earliest instead of one per thing: a timer per commit would keep an entry per commit in the
 * clock's queue and cost each commit a turn at its lock and a wake of its thread. A cancelled entry leaves once it
 * reaches the head; the timer is not cancelled with it, and re-arms for what is left when it fires. Used under the
 * state's lock; {@code due} runs under it too.
 *
 * @param <T> what falls due
 */
final class DeadlineQueue<T> {

    /** One thing due at {@code at}; {@link #cancel} under the lock. */
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
    private final Object lock;
    private final Consumer<T> due;
    private final PriorityQueue<Entry<T>> entries = new PriorityQueue<>();
    private long added;
    /** The armed timer and its deadline; null when none is armed. */
    private Clock.Scheduled timer;
    private long timerAt;
    /** Set while due entries are handed over: what they add is armed for once the sweep ends. */
    private boolean sweeping;

    DeadlineQueue(Clock clock, Object lock, Consumer<T> due) {
        this.clock = clock;
        this.lock = lock;
        this.due = due;
    }

    /** Under the lock: {@code item} is due at the clock's {@code deadline} (a nanoTime value). */
    Entry<T> add(T item, long deadline) {
        Entry<T> entry = new Entry<>(deadline, added++, item);
        entries.add(entry);
        if (!sweeping && (timer == null || deadline - timerAt < 0)) {
            arm(deadline);
        }
        return entry;
    }

    /** Under the lock: {@code entry} is not due after all. */
    void cancel(Entry<T> entry) {
        entry.cancelled = true;
        dropCancelled();
    }

    /** Under the lock: nothing more is handed over. */
    void close() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        entries.clear();
    }

    private void dropCancelled() {
        while (!entries.isEmpty() && entries.peek().cancelled) {
            entries.poll();
        }
    }

    private void arm(long at) {
        if (timer != null) {
            timer.cancel();
        }
        timerAt = at;
        timer = clock.schedule(this::sweep, Math.max(0, at - clock.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void sweep() {
        synchronized (lock) {
            timer = null;
            sweeping = true;
            try {
                long now = clock.nanoTime();
                Entry<T> head;
                while ((head = entries.peek()) != null && (head.cancelled || head.at - now <= 0)) {
                    entries.poll();
                    if (!head.cancelled) {
                        due.accept(head.item);
                    }
                }
            } finally {
                sweeping = false;
            }
            if (!entries.isEmpty()) {
                arm(entries.peek().at);
            }
        }
    }
}
