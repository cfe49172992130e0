package org.estuary.event.internal;

import org.estuary.core.time.Times;

/** Retry waits that double from an initial delay up to a maximum (EM.4.1 "reasonable efforts"). */
public final class Backoff {

    private final long initialNanos;
    private final long maxNanos;

    /** Waits from {@code initialMillis} doubling up to {@code maxMillis}. */
    public Backoff(long initialMillis, long maxMillis) {
        this.initialNanos = Times.millisToNanos(initialMillis);
        this.maxNanos = Times.millisToNanos(maxMillis);
    }

    /** The wait after the {@code failures}-th consecutive failure (1 for the first). */
    public long delayNanos(int failures) {
        long delay = initialNanos;
        for (int i = 1; i < failures && delay < maxNanos; i++) {
            delay = Times.saturatedAdd(delay, delay);
        }
        return Math.min(delay, maxNanos);
    }
}
