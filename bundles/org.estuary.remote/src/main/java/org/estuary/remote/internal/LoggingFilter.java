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
 * operator sees the attempt; the caller gets an {@code UnmarshalException} and the endpoint keeps serving. At most
 * one line per second; the others are counted into the next line.
 */
public final class LoggingFilter implements ObjectInputFilter {

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");
    private static final long QUIET_NANOS = 1_000_000_000L;

    private final SerialFilter filter;
    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - QUIET_NANOS);
    private final AtomicLong suppressed = new AtomicLong();

    public LoggingFilter(SerialFilter filter) {
        this.filter = filter;
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
        String client;
        try {
            client = RemoteServer.getClientHost();
        } catch (ServerNotActiveException notInACall) {
            client = "(unknown)";
        }
        long others = suppressed.getAndSet(0);
        LOG.log(Level.WARNING, "refused a remote call from {0}: {1}; the call failed, the endpoint keeps serving{2}",
                client, reason, others == 0 ? "" : " (" + others + " more refusals in the last second)");
    }
}
