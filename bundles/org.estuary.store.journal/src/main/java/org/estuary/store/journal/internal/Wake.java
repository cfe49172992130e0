package org.estuary.store.journal.internal;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * How the journal store wakes one of its threads (a round thread, the acknowledging thread): at most one wake-up is
 * pending, since a woken thread takes all the work that waits, and a waiting thread also looks around every 100 ms,
 * so its loop sees closing and retries without being woken. The round threads share one: each wake-up wakes one of
 * them.
 */
final class Wake {

    private final Semaphore permits = new Semaphore(0);

    /** Wakes the thread, unless a wake-up is pending already. */
    void signal() {
        if (permits.availablePermits() == 0) {
            permits.release();
        }
    }

    /** Wakes the thread whatever is pending: closing, or a failure that stops the store. */
    void now() {
        permits.release();
    }

    /** Waits up to 100 ms for a wake-up and takes every pending one; true if woken. */
    boolean await() throws InterruptedException {
        boolean woken = permits.tryAcquire(100, TimeUnit.MILLISECONDS);
        permits.drainPermits();
        return woken;
    }

    /** A stage thread's loop: {@code work} each time it wakes, until {@code ended} and nothing is {@code waiting}. */
    void serve(BooleanSupplier ended, BooleanSupplier waiting, Runnable work) throws InterruptedException {
        while (!ended.getAsBoolean() || waiting.getAsBoolean()) {
            await();
            work.run();
        }
    }
}
