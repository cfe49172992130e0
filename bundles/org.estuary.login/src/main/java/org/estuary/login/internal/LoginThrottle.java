package org.estuary.login.internal;

import java.util.Objects;

import org.estuary.core.text.OneLine;
import org.estuary.io.RateLimitedLog;

/**
 * What the realm's login module consults: the wait before a password is checked ({@link LoginDelays}) and the WARN
 * line of a failure, rate-limited so that guessing cannot flood the log. Thread-safe.
 */
final class LoginThrottle {

    /** The longest user name or address a log line repeats: both come from whoever tries to log in. */
    private static final int MAX_SHOWN = 64;

    /** How a login waits: {@link Thread#sleep(long)}, or a recorder in tests. */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final LoginDelays delays;
    private final RateLimitedLog log;
    private final long windowSeconds;
    private final Sleeper sleeper;

    /** A throttle whose logins wait in {@link Thread#sleep(long)}. */
    LoginThrottle(LoginDelays delays, RateLimitedLog log, long windowSeconds) {
        this(delays, log, windowSeconds, Thread::sleep);
    }

    LoginThrottle(LoginDelays delays, RateLimitedLog log, long windowSeconds, Sleeper sleeper) {
        this.delays = Objects.requireNonNull(delays, "delays");
        this.log = Objects.requireNonNull(log, "log");
        this.windowSeconds = windowSeconds;
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** Waits as {@link LoginDelays#delayMillis()} says before a password is checked. */
    void awaitTurn() throws InterruptedException {
        long delay = delays.delayMillis();
        if (delay > 0) {
            sleeper.sleep(delay);
        }
    }

    /** Records a failed password login of {@code user} from {@code from} (null if unknown) and logs it. */
    void failed(String user, String from) {
        int failed = delays.failed();
        log.warn("failed password login to the karaf realm for user '" + OneLine.of(user, MAX_SHOWN) + "'"
                + (from == null ? "" : " from " + OneLine.of(from, MAX_SHOWN)) + ": " + failed
                + " failed in the last " + windowSeconds + " s; each password login now waits " + delays.delayMillis()
                + " ms before its check (configure org.estuary.login)");
    }
}
