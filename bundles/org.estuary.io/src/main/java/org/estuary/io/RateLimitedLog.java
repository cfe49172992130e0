package org.estuary.io;

import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import org.osgi.annotation.versioning.ProviderType;

/**
 * WARN lines an operator must see but a peer can provoke at will (refused input, classes a client sends that the
 * container cannot load, refused connections): at most one line per second per instance; the lines left out are
 * counted into the next. Thread-safe (package 1.4: public, for the remote layer's refusals).
 */
@ProviderType
public final class RateLimitedLog {

    private static final long QUIET_NANOS = 1_000_000_000L;

    private final System.Logger log;
    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - QUIET_NANOS);
    private final AtomicLong suppressed = new AtomicLong();

    /** Lines to {@code org.estuary.io}'s logger. */
    RateLimitedLog() {
        this(System.getLogger("org.estuary.io"));
    }

    /** Lines to {@code log}. */
    public RateLimitedLog(System.Logger log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /** Logs {@code message} at WARNING unless a line went out less than a second ago. */
    public void warn(String message) {
        long now = System.nanoTime();
        long last = lastLog.get();
        if (now - last < QUIET_NANOS || !lastLog.compareAndSet(last, now)) {
            suppressed.incrementAndGet();
            return;
        }
        long others = suppressed.getAndSet(0);
        log.log(Level.WARNING, others == 0 ? message : message + " (" + others + " more in the last second)");
    }
}
