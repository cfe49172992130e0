package org.estuary.io;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

/**
 * WARN lines an operator must see but a peer can provoke at will (refused input, classes a client sends that the
 * container cannot load): at most one line per second per instance; the lines left out are counted into the next.
 */
final class RateLimitedLog {

    private static final System.Logger LOG = System.getLogger("org.estuary.io");
    private static final long QUIET_NANOS = 1_000_000_000L;

    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - QUIET_NANOS);
    private final AtomicLong suppressed = new AtomicLong();

    /** Logs {@code message} at WARNING unless a line went out less than a second ago. */
    void warn(String message) {
        long now = System.nanoTime();
        long last = lastLog.get();
        if (now - last < QUIET_NANOS || !lastLog.compareAndSet(last, now)) {
            suppressed.incrementAndGet();
            return;
        }
        long others = suppressed.getAndSet(0);
        LOG.log(Level.WARNING, others == 0 ? message : message + " (" + others + " more in the last second)");
    }
}
