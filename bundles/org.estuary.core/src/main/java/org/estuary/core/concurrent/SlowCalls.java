package org.estuary.core.concurrent;

import java.util.Objects;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.estuary.core.time.Clock;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Calls into other parties' objects (a client's landlord, a client's listener) watched so that those that do not
 * answer cannot take every thread of a pool: a call still running {@code slowAfterMillis} after it started is
 * <em>set aside</em>. It keeps its thread until it returns or its own timeout ends it, but it no longer counts
 * against the pool: the pool given here gets one thread more for as long as the call runs, and the owner's
 * {@code whenSetAside} action (if any) runs, so the owner can start its next call. At most {@code maxSetAside}
 * calls are set aside at once; a slow call beyond that keeps counting against the pool. Each call set aside (or
 * not, at the bound) is reported to {@code warn}, which should rate-limit what a peer can provoke at will.
 * Thread-safe.
 */
@ProviderType
public final class SlowCalls {

    private final Clock clock;
    private final long slowAfterMillis;
    private final int maxSetAside;
    private final ThreadPoolExecutor pool;
    private final Consumer<String> warn;
    private int setAside;

    /**
     * @param clock the clock whose timer watches the calls
     * @param slowAfterMillis how long a call runs before it is set aside (at least 1)
     * @param maxSetAside how many calls may be set aside at once (at least 0)
     * @param pool the pool that gets a thread more per call set aside, or null when the owner's executor is not a
     *        pool of its own (then {@code whenSetAside} alone makes room)
     * @param warn where a call set aside (or not, at the bound) is reported
     * @throws IllegalArgumentException if a bound is out of range
     * @throws NullPointerException if {@code clock} or {@code warn} is null
     */
    public SlowCalls(Clock clock, long slowAfterMillis, int maxSetAside, ThreadPoolExecutor pool,
            Consumer<String> warn) {
        if (slowAfterMillis < 1 || maxSetAside < 0) {
            throw new IllegalArgumentException("slowAfterMillis must be at least 1 and maxSetAside at least 0, not "
                    + slowAfterMillis + " and " + maxSetAside);
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.slowAfterMillis = slowAfterMillis;
        this.maxSetAside = maxSetAside;
        this.pool = pool;
        this.warn = Objects.requireNonNull(warn, "warn");
    }

    /**
     * Starts watching a call made now; close the result when the call returns (try-with-resources).
     *
     * @param target what is called, for the report (the caller's own description: not the peer's toString)
     * @param whenSetAside run once, in the clock's timer thread, if the call is set aside; may be null
     */
    public Call start(String target, Runnable whenSetAside) {
        Call call = new Call(target, whenSetAside);
        call.timer = clock.schedule(call::slow, slowAfterMillis, TimeUnit.MILLISECONDS);
        return call;
    }

    private void resize(int delta) {
        if (pool == null) {
            return;
        }
        synchronized (pool) {
            // Core and maximum move together; the maximum first when growing and last when shrinking, so core never
            // exceeds it. A larger core starts a thread for a task waiting in the queue.
            if (delta > 0) {
                pool.setMaximumPoolSize(pool.getMaximumPoolSize() + delta);
                pool.setCorePoolSize(pool.getCorePoolSize() + delta);
            } else {
                pool.setCorePoolSize(pool.getCorePoolSize() + delta);
                pool.setMaximumPoolSize(pool.getMaximumPoolSize() + delta);
            }
        }
    }

    /** One watched call. */
    @ProviderType
    public final class Call implements AutoCloseable {
        private final String target;
        private final Runnable whenSetAside;
        private Clock.Scheduled timer;
        private boolean ended;
        private boolean wasSetAside;

        private Call(String target, Runnable whenSetAside) {
            this.target = target;
            this.whenSetAside = whenSetAside;
        }

        /** Whether the call was set aside (it ran longer than the bound while there was room). */
        public boolean wasSetAside() {
            synchronized (SlowCalls.this) {
                return wasSetAside;
            }
        }

        private void slow() {
            int now;
            synchronized (SlowCalls.this) {
                if (ended) {
                    return;
                }
                if (setAside >= maxSetAside) {
                    now = -1;
                } else {
                    wasSetAside = true;
                    now = ++setAside;
                }
            }
            if (now < 0) {
                warn.accept(target + " has not answered in " + slowAfterMillis + " ms and " + maxSetAside
                        + " slow calls are already set aside: it keeps its thread until it ends");
                return;
            }
            resize(1);
            warn.accept(target + " has not answered in " + slowAfterMillis + " ms: set aside (" + now + " of at most "
                    + maxSetAside + "), so the other calls go on without it");
            if (whenSetAside != null) {
                whenSetAside.run();
            }
        }

        /** The call returned (or failed): stops watching it, and gives back the thread a set-aside call added. */
        @Override
        public void close() {
            boolean shrink;
            synchronized (SlowCalls.this) {
                if (ended) {
                    return;
                }
                ended = true;
                shrink = wasSetAside;
                if (shrink) {
                    setAside--;
                }
            }
            timer.cancel();
            if (shrink) {
                resize(-1);
            }
        }
    }
}
