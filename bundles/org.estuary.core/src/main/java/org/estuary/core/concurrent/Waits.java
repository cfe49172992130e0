package org.estuary.core.concurrent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a thread tells its transport before it waits for something slow (a store's sync, another process's answer):
 * a transport that runs calls in the thread that reads their connection hands the reading on before the wait, so the
 * connection's other calls are not held behind it. A thread that serves no such call is told nothing.
 */
@ProviderType
public final class Waits {

    private static final ThreadLocal<Runnable> BEFORE_WAIT = new ThreadLocal<>();

    private Waits() {
    }

    /** Called by code about to wait: runs what this thread's transport asked for, once. */
    public static void aboutToWait() {
        Runnable before = BEFORE_WAIT.get();
        if (before != null) {
            BEFORE_WAIT.remove();
            before.run();
        }
    }

    /**
     * Runs {@code call} with {@code beforeWait} to be run (at most once) if it waits; for the transport. Cleared when
     * {@code call} returns or throws.
     */
    public static void during(Runnable beforeWait, Runnable call) {
        Runnable outer = BEFORE_WAIT.get();
        BEFORE_WAIT.set(beforeWait);
        try {
            call.run();
        } finally {
            if (outer == null) {
                BEFORE_WAIT.remove();
            } else {
                BEFORE_WAIT.set(outer);
            }
        }
    }
}
