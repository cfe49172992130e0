package org.estuary.txn.participant;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.core.time.Clock;

/**
 * The transactions a participant voted NOTCHANGED in, remembered for a while (TX.2.6: "a well-behaved participant
 * should stay in the NOTCHANGED state for a while to allow a retry of prepare to again return NOTCHANGED"), so a
 * manager that retries {@code prepare} after a lost answer gets NOTCHANGED again instead of
 * {@code UnknownTransactionException}. Bounded in time and in size; thread-safe.
 */
@org.osgi.annotation.versioning.ProviderType
public final class NotChangedWindow {

    private final Clock clock;
    private final long windowNanos;
    private final int maxEntries;
    /** Deadline (clock nanos) by transaction, oldest first. */
    private final LinkedHashMap<ServerTransaction, Long> votes = new LinkedHashMap<>();

    /**
     * @param clock the time source
     * @param windowMillis how long a NOTCHANGED vote is remembered
     * @param maxEntries the most votes remembered; the oldest go first
     * @throws IllegalArgumentException if a bound is not positive
     */
    public NotChangedWindow(Clock clock, long windowMillis, int maxEntries) {
        if (windowMillis <= 0 || maxEntries <= 0) {
            throw new IllegalArgumentException("window and maximum must be positive: " + windowMillis + " ms, "
                    + maxEntries);
        }
        this.clock = clock;
        this.windowNanos = windowMillis * 1_000_000L;
        this.maxEntries = maxEntries;
    }

    /** Remembers that this participant voted NOTCHANGED in transaction {@code id} of {@code mgr}. */
    public synchronized void votedNotChanged(TransactionManager mgr, long id) {
        expire();
        ServerTransaction key = new ServerTransaction(mgr, id);
        votes.remove(key);
        votes.put(key, clock.nanoTime() + windowNanos);
        if (votes.size() > maxEntries) {
            Iterator<Map.Entry<ServerTransaction, Long>> oldest = votes.entrySet().iterator();
            oldest.next();
            oldest.remove();
        }
    }

    /** Whether this participant voted NOTCHANGED in the transaction within the window. */
    public synchronized boolean votedNotChanged(ServerTransaction txn) {
        expire();
        return votes.containsKey(txn);
    }

    private void expire() {
        long now = clock.nanoTime();
        Iterator<Map.Entry<ServerTransaction, Long>> it = votes.entrySet().iterator();
        while (it.hasNext() && it.next().getValue() - now <= 0) {
            it.remove();
        }
    }
}
