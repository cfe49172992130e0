package org.estuary.store.journal.internal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.locks.LockSupport;

import org.estuary.store.journal.internal.JournalStore.Pending;

/**
 * How the callers of {@code applyAndWait} whose batches one acknowledging pass completes are woken: as a chain. The
 * acknowledging thread wakes the first caller only; every caller, once it sees its batch complete, wakes the next
 * one before it returns.
 *
 * <p>Why: waking a parked thread costs microseconds, and the woken caller usually preempts the thread that woke it.
 * While one thread woke the 14 callers of a pass one after the other, a batch spent 205-250 µs between the end of
 * its sync and the completion of its stage under 64 writers, a third of its whole round trip. Waking them as a
 * binary tree cut that and gave 5-6 % more records/s; a chain gave 13 % more syncs and 5-8 % more records/s again
 * than the tree (the store benchmark, bench/README.md). A chain wakes callers one at a time, as
 * fast as a core takes them, so their next batches reach the queue as a stream, not as a burst that waits for the
 * write stage, and the sync stage gets batches for a round beside the one in flight sooner.
 *
 * <p>A caller joins a chain only while it still waits: the pass links it (WAITING → LINKED) before any stage of the
 * pass completes, so a caller that sees its stage complete finds its chain. A caller that gives up first (timeout,
 * interrupt: WAITING → GONE) is completed like an {@code apply} stage and has no part in any chain. One that gives
 * up after it was linked stays until the pass arms the chain (the same locked section) and does its part, so no
 * caller is left waiting for one before it that went away.
 */
final class WakeChain {

    static final int WAITING = 0;
    static final int LINKED = 1;
    static final int GONE = 2;
    private static final AtomicIntegerFieldUpdater<Pending> STATE = AtomicIntegerFieldUpdater.newUpdater(
            Pending.class, "wakeState");
    /** How often a linked caller that gave up looks whether its chain is armed yet. */
    private static final long ARMING_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final Pending[] callers;
    private volatile boolean armed;

    private WakeChain(Pending[] callers) {
        this.callers = callers;
    }

    /**
     * Links the callers still waiting among {@code pass} into a chain, in pass order; null if none waits. Called by
     * the acknowledging thread before it completes any stage of the pass, which then {@link #arm}s the chain.
     */
    static WakeChain link(List<Pending> pass) {
        int linked = 0;
        Pending[] callers = null;
        for (Pending p : pass) {
            if (p.caller && STATE.compareAndSet(p, WAITING, LINKED)) {
                if (callers == null) {
                    callers = new Pending[pass.size()];
                }
                callers[linked++] = p;
            }
        }
        if (linked == 0) {
            return null;
        }
        WakeChain chain = new WakeChain(linked == callers.length ? callers : Arrays.copyOf(callers, linked));
        for (int i = 0; i < linked; i++) {
            chain.callers[i].chainIndex = i;
            chain.callers[i].chain = chain;
        }
        return chain;
    }

    /** The pass completed every stage of the chain's callers: they may return. */
    void arm() {
        armed = true;
    }

    /** The acknowledging thread, after its pass: wakes the first caller, who wakes the next one. */
    void wakeFirst() {
        wake(0);
    }

    private void wake(int index) {
        Thread waiter = callers[index].waiter;
        if (waiter != null) {
            LockSupport.unpark(waiter); // not parked yet: it sees the chain armed before it parks
        }
    }

    /**
     * A caller waits for its batch: true once the batch's stage is complete (and the caller woke the next one),
     * false if {@code nanos} passed first.
     *
     * @throws InterruptedException if the caller was interrupted before its batch was linked into a chain (once
     *         linked, the batch is acknowledged: the call returns true with the interrupt flag set)
     */
    static boolean await(Pending p, long nanos) throws InterruptedException {
        long start = System.nanoTime();
        p.waiter = Thread.currentThread();
        boolean linkedWhileGivingUp = false;
        boolean interrupted = false;
        while (true) {
            WakeChain chain = p.chain;
            if (chain != null && chain.armed) {
                if (p.chainIndex + 1 < chain.callers.length) {
                    chain.wake(p.chainIndex + 1);
                }
                break;
            }
            if (chain == null && p.stage.isDone() && STATE.compareAndSet(p, WAITING, GONE)) {
                break; // completed outside any chain (failed while queued, closing): no part to do
            }
            if (linkedWhileGivingUp) {
                LockSupport.parkNanos(p, ARMING_POLL_NANOS);
                continue;
            }
            boolean interrupt = Thread.interrupted();
            long left = nanos - (System.nanoTime() - start);
            if (interrupt || left <= 0) {
                if (STATE.compareAndSet(p, WAITING, GONE)) {
                    if (interrupt) {
                        throw new InterruptedException();
                    }
                    return false;
                }
                linkedWhileGivingUp = true; // the pass arms the chain within its locked section: stay for it
                interrupted = interrupt;
                continue;
            }
            LockSupport.parkNanos(p, left);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return true;
    }
}
