package org.estuary.renewal.internal;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;
import org.estuary.management.Ids;
import org.estuary.management.ServiceMetrics.Counter;

/**
 * Client leases that left their sets because they could not be renewed (LR.2.1: the actual expiration came before
 * the desired one, or the landlord answered with a definite failure). Every such loss is a failure of the service's
 * promise, whether or not the set has a listener: each is counted ({@code leases.lost}), and the losses are logged
 * as one WARNING line per set, at most once per {@link #SUMMARY_MILLIS}, not one line per lease: a client that exits
 * loses all its leases within a batch window or two and gets one line for them. A summary names at most
 * {@link #MAX_SETS} sets and counts the rest in one closing line.
 */
final class LostLeases {

    /** How long losses gather before they are logged, from the first loss after a quiet period. */
    static final long SUMMARY_MILLIS = 10_000;
    /** Sets named in one summary; the others are counted together. */
    static final int MAX_SETS = 10;
    /** The longest lease or failure text a summary line quotes. */
    private static final int MAX_TEXT = 200;
    private static final System.Logger LOG = System.getLogger(LostLeases.class.getName());

    private final Clock clock;
    private final Counter counter;
    /** Losses since the last summary, by set, in the order of their first loss; guarded by this. */
    private Map<Long, Loss> pending = new LinkedHashMap<>();
    /** Whether a summary is scheduled; guarded by this. */
    private boolean scheduled;
    private volatile boolean closed;

    LostLeases(Clock clock, Counter counter) {
        this.clock = clock;
        this.counter = counter;
    }

    /** Set {@code setId} lost {@code lease} (null: held only in a form that cannot be read) after {@code failure}. */
    void lost(long setId, Lease lease, Throwable failure) {
        counter.inc();
        boolean schedule;
        synchronized (this) {
            Loss loss = pending.computeIfAbsent(setId, id -> new Loss());
            loss.count++;
            loss.lease = lease;
            if (failure != null) {
                loss.failure = failure;
            }
            schedule = !scheduled && !closed;
            scheduled |= schedule;
        }
        if (schedule) {
            clock.schedule(this::summarize, SUMMARY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** Logs what is pending now, and nothing after. */
    void close() {
        closed = true;
        summarize();
    }

    private void summarize() {
        Map<Long, Loss> losses;
        synchronized (this) {
            losses = pending;
            pending = new LinkedHashMap<>();
            scheduled = false;
        }
        Iterator<Map.Entry<Long, Loss>> each = losses.entrySet().iterator();
        for (int named = 0; named < MAX_SETS && each.hasNext(); named++) {
            Map.Entry<Long, Loss> next = each.next();
            Loss loss = next.getValue();
            LOG.log(System.Logger.Level.WARNING, "renewal set " + Ids.format(next.getKey()) + " lost "
                    + leases(loss.count) + ": they could not be renewed (last failure: "
                    + text(loss.failure) + "; last lease: " + text(loss.lease) + ")");
        }
        long others = 0;
        int sets = 0;
        while (each.hasNext()) {
            others += each.next().getValue().count;
            sets++;
        }
        if (sets > 0) {
            LOG.log(System.Logger.Level.WARNING, sets + " more renewal sets lost " + leases(others)
                    + ": they could not be renewed");
        }
    }

    private static String leases(long count) {
        return count == 1 ? "1 client lease" : count + " client leases";
    }

    private static String text(Object value) {
        String text = value == null ? "none" : value.toString();
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 3) + "...";
    }

    /** The losses of one set since the last summary. */
    private static final class Loss {
        long count;
        Lease lease;
        Throwable failure;
    }
}
