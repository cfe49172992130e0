package org.estuary.io;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import org.osgi.annotation.versioning.ProviderType;

/**
 * WARN lines an operator must see but a peer can provoke at will (refused input, classes a client sends that the
 * container cannot load, refused connections, failed logins): at most one line per second (or per the interval
 * given) per instance; the lines left out are counted into the next. Thread-safe (package 1.4: public, for the
 * remote layer's refusals; 1.6: the interval).
 */
@ProviderType
public final class RateLimitedLog {

    private static final Duration SECOND = Duration.ofSeconds(1);

    private final System.Logger log;
    private final long quietNanos;
    private final String interval;
    private final AtomicLong lastLog;
    private final AtomicLong suppressed = new AtomicLong();

    /** Lines to {@code org.estuary.io}'s logger. */
    RateLimitedLog() {
        this(System.getLogger("org.estuary.io"));
    }

    /** Lines to {@code log}, at most one per second. */
    public RateLimitedLog(System.Logger log) {
        this(log, SECOND);
    }

    /**
     * Lines to {@code log}, at most one per {@code quiet}.
     *
     * @throws IllegalArgumentException if {@code quiet} is shorter than a millisecond
     */
    public RateLimitedLog(System.Logger log, Duration quiet) {
        this.log = Objects.requireNonNull(log, "log");
        if (quiet.toMillis() < 1) {
            throw new IllegalArgumentException("the interval between lines must be at least 1 ms, was " + quiet);
        }
        this.quietNanos = quiet.toNanos();
        this.interval = quiet.equals(SECOND) ? "second" : quiet.toSeconds() + " s";
        this.lastLog = new AtomicLong(System.nanoTime() - quietNanos);
    }

    /** Logs {@code message} at WARNING unless a line went out less than the interval ago. */
    public void warn(String message) {
        long now = System.nanoTime();
        long last = lastLog.get();
        if (now - last < quietNanos || !lastLog.compareAndSet(last, now)) {
            suppressed.incrementAndGet();
            return;
        }
        long others = suppressed.getAndSet(0);
        log.log(Level.WARNING,
                others == 0 ? message : message + " (" + others + " more in the last " + interval + ")");
    }
}
