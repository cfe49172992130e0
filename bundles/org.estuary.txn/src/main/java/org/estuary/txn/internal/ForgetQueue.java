package org.estuary.txn.internal;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.estuary.core.time.Clock;

/**
 * Transactions waiting to be forgotten (TX.2.5's cleanup), by deadline, with one clock timer armed for the earliest.
 * A timer per transaction would keep one entry per commit in the clock's queue for the whole retention time and
 * cost each commit a turn at that queue's lock. Used under the state's lock; {@code due} runs under it too.
 */
final class ForgetQueue {

    private record Entry(long at, long order, Txn txn) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry other) {
            long by = at - other.at; // deadlines compare as nanoTime values do
            return by != 0 ? (by < 0 ? -1 : 1) : Long.compare(order, other.order);
        }
    }

    private final Clock clock;
    private final Object lock;
    private final Consumer<Txn> due;
    private final PriorityQueue<Entry> entries = new PriorityQueue<>();
    private long added;
    /** The armed timer and its deadline; null when none is armed. */
    private Clock.Scheduled timer;
    private long timerAt;
    /** Set while due transactions are handed over: what they add is armed for once the sweep ends. */
    private boolean sweeping;

    ForgetQueue(Clock clock, Object lock, Consumer<Txn> due) {
        this.clock = clock;
        this.lock = lock;
        this.due = due;
    }

    /** Under the lock: {@code txn} is due in {@code millis}. */
    void add(Txn txn, long millis) {
        long at = clock.deadlineAfterMillis(millis);
        entries.add(new Entry(at, added++, txn));
        if (!sweeping && (timer == null || at - timerAt < 0)) {
            arm(at);
        }
    }

    /** Under the lock: nothing more is handed over. */
    void close() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        entries.clear();
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
                Entry head;
                while ((head = entries.peek()) != null && head.at - now <= 0) {
                    entries.poll();
                    due.accept(head.txn);
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
