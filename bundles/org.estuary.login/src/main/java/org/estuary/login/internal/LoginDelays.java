package org.estuary.login.internal;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How long a password login waits before its password is checked: nothing while at most {@code freeFailures}
 * password logins failed within the last {@code window}, then {@code firstDelayMillis}, doubling with each further
 * failure in the window up to {@code maxDelayMillis}. Every login waits, right password or not, so an attacker
 * learns nothing sooner by giving up early, and the bound is what a right password can cost while someone guesses.
 *
 * <p>Time is read from {@code nanoTime} ({@link System#nanoTime()}, or a manual clock's in tests). Failures are
 * counted for the whole realm (a login module is not told reliably where a login comes from), at most
 * {@link #MAX_COUNTED} of them: enough to reach any configurable delay, so memory stays bounded whatever the rate.
 * Thread-safe: every method holds the instance's lock, briefly.
 */
final class LoginDelays {

    /** The most failures remembered: the delay doubles 30 times before it saturates, so more would change nothing. */
    static final int MAX_COUNTED = 1_024;

    private final LongSupplier nanoTime;
    private final int freeFailures;
    private final long firstDelayMillis;
    private final long maxDelayMillis;
    private final long windowNanos;
    /** The failures within the window, oldest first, as {@code nanoTime} read them; guarded by this. */
    private final ArrayDeque<Long> failures = new ArrayDeque<>();

    /**
     * @throws IllegalArgumentException if {@code freeFailures} is negative, a delay is below 1 ms, the first delay
     *     exceeds the largest, or the window is shorter than 1 ms
     */
    LoginDelays(LongSupplier nanoTime, int freeFailures, long firstDelayMillis, long maxDelayMillis,
            long windowMillis) {
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        if (freeFailures < 0) {
            throw new IllegalArgumentException("free.failures must be 0 or more, was " + freeFailures);
        }
        if (firstDelayMillis < 1 || maxDelayMillis < firstDelayMillis) {
            throw new IllegalArgumentException("delay.ms must be at least 1 and at most max.delay.ms, were "
                    + firstDelayMillis + " and " + maxDelayMillis);
        }
        if (windowMillis < 1) {
            throw new IllegalArgumentException("window.seconds must be at least 1, was " + windowMillis + " ms");
        }
        this.freeFailures = freeFailures;
        this.firstDelayMillis = firstDelayMillis;
        this.maxDelayMillis = maxDelayMillis;
        this.windowNanos = TimeUnit.MILLISECONDS.toNanos(windowMillis);
    }

    /** What a password login starting now waits before its password is checked, in milliseconds. */
    synchronized long delayMillis() {
        forgetOld(nanoTime.getAsLong());
        return delayAfter(failures.size());
    }

    /** Records a failed password login now; returns the failures within the window, this one included. */
    synchronized int failed() {
        long now = nanoTime.getAsLong();
        forgetOld(now);
        if (failures.size() == MAX_COUNTED) {
            failures.removeFirst();
        }
        failures.addLast(now);
        return failures.size();
    }

    /** The delay of a login that finds {@code failed} failures within the window. */
    long delayAfter(int failed) {
        int beyond = failed - freeFailures;
        if (beyond <= 0) {
            return 0;
        }
        int doublings = Math.min(beyond - 1, 30);
        return Math.min(maxDelayMillis, firstDelayMillis << doublings);
    }

    private void forgetOld(long now) {
        while (!failures.isEmpty() && now - failures.peekFirst() >= windowNanos) {
            failures.removeFirst();
        }
    }
}
