package org.estuary.txn.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Calls to participants made one after another by one thread, so in-process participants answer without a hand-off
 * between threads; once one of them has run {@link #HAND_OFF_MILLIS} without returning ({@link #handOff}, on the
 * clock's timer), the calls not started yet go to the participant threads at once, in parallel, and a slow or
 * hanging participant holds up no other. Each call is made once, by whichever side claims it. Thread-safe.
 */
final class InTurn {

    /** How long one call may run before the calls after it go to the participant threads. */
    static final long HAND_OFF_MILLIS = 1;

    /** One call; {@code pooled} when made on the participant threads (watched there as a slow call may be). */
    interface Call {
        void run(boolean pooled);
    }

    private final List<? extends Call> calls;
    private final Consumer<Runnable> dispatch;
    private final Runnable handedOff;
    /** The next call to make: the calling thread and a hand-off each claim a call once. */
    private final AtomicInteger next = new AtomicInteger();

    /**
     * @param dispatch runs a task on the participant threads
     * @param handedOff runs once the calls were handed off (on the clock's timer), or null
     */
    InTurn(List<? extends Call> calls, Consumer<Runnable> dispatch, Runnable handedOff) {
        this.calls = calls;
        this.dispatch = dispatch;
        this.handedOff = handedOff;
    }

    /**
     * Makes the calls not handed off, in this thread ({@code pooled}: a participant thread); {@code handOffs} watches
     * for a call still running at {@code handOffAt} (the clock's nanoTime) when there is more than one. Returns once
     * this thread has no call left to make.
     */
    void run(boolean pooled, DeadlineQueue<InTurn> handOffs, long handOffAt) {
        DeadlineQueue.Entry<InTurn> watch = calls.size() > 1 ? handOffs.add(this, handOffAt) : null;
        try {
            for (int i; (i = next.getAndIncrement()) < calls.size();) {
                calls.get(i).run(pooled);
            }
        } finally {
            if (watch != null) {
                handOffs.cancel(watch);
            }
        }
    }

    /** A call made in turn has run too long: the calls not started go to the participant threads. */
    void handOff() {
        for (int i; (i = next.getAndIncrement()) < calls.size();) {
            Call call = calls.get(i);
            dispatch.accept(() -> call.run(true));
        }
        if (handedOff != null) {
            handedOff.run();
        }
    }
}
