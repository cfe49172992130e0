package org.estuary.remote.internal;

import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.concurrent.atomic.AtomicLong;

import org.estuary.io.SerialFilter;
import org.estuary.io.SerialFilterException;

/**
 * The allowlist on every exported object, logging each refusal (what was refused, why, from which host) so an
 * operator sees the attempt; the caller gets an {@code UnmarshalException} and the endpoint keeps serving. The same
 * for replies ({@link #forReplies}): what a remote object sent back to this JVM, refused on the thread that called
 * it, which gets the {@code UnmarshalException}. At most one line per second; the others are counted into the next
 * line.
 */
public final class LoggingFilter implements ObjectInputFilter {

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");
    private static final long QUIET_NANOS = 1_000_000_000L;

    private final SerialFilter filter;
    private final boolean replies;
    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - QUIET_NANOS);
    private final AtomicLong suppressed = new AtomicLong();

    /** For the calls an export receives. */
    public LoggingFilter(SerialFilter filter) {
        this(filter, false);
    }

    private LoggingFilter(SerialFilter filter, boolean replies) {
        this.filter = filter;
        this.replies = replies;
    }

    /** For what remote objects return to this JVM (return values, exceptions, registry replies). */
    public static LoggingFilter forReplies(SerialFilter filter) {
        return new LoggingFilter(filter, true);
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Status status = filter.checkInput(info);
        if (status == Status.REJECTED) {
            report(info);
        }
        return status;
    }

    private void report(FilterInfo info) {
        long now = System.nanoTime();
        long last = lastLog.get();
        if (now - last < QUIET_NANOS || !lastLog.compareAndSet(last, now)) {
            suppressed.incrementAndGet();
            return;
        }
        String reason;
        Class<?> type = info.serialClass();
        try {
            if (type != null) {
                filter.checkClassName(type.getName());
            }
            reason = "a limit was exceeded (depth " + info.depth() + ", array length " + info.arrayLength()
                    + ", references " + info.references() + ", bytes " + info.streamBytes() + "; limits " + filter
                    .maxDepth() + ", " + filter.maxArrayLength() + ", " + filter.maxReferences() + ", "
                    + filter.maxBytes() + ")";
        } catch (SerialFilterException refused) {
            reason = refused.getMessage();
        }
        long others = suppressed.getAndSet(0);
        String more = others == 0 ? "" : " (" + others + " more refusals in the last second)";
        if (replies) {
            LOG.log(Level.WARNING, "refused a reply from a remote object, read by thread {0}: {1}; that call "
                    + "failed with an UnmarshalException, this JVM keeps serving{2}", Thread.currentThread()
                    .getName(), reason, more);
            return;
        }
        String client;
        try {
            client = RemoteServer.getClientHost();
        } catch (ServerNotActiveException notInACall) {
            client = "(unknown)";
        }
        LOG.log(Level.WARNING, "refused a remote call from {0}: {1}; the call failed, the endpoint keeps serving{2}",
                client, reason, more);
    }
}
