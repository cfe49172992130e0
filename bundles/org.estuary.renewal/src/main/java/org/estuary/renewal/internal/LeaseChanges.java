package org.estuary.renewal.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The client-lease changes that clients made and the store has not acknowledged yet ({@code renewFor} adding a lease
 * or changing its durations), so that failed ones are taken back exactly (LR.2: a change that was not recorded did
 * not happen). Changes of one lease are queued in order and may fail in any order of their waiting threads; each
 * links to the one queued before it, and a failed change is undone only once it is the newest: the lease goes back
 * to the newest change before it that has not failed (acknowledged or still queued), or, when every change since
 * the last acknowledged one failed, to what was recorded before them: its durations then, or out of its set if the
 * failed changes added it. A change followed by a later one that is acknowledged needs no undo: each record holds
 * the whole lease. Only leases with changes in flight have an entry here. Guarded by the state's lock.
 */
final class LeaseChanges {

    /** One change of a lease, queued in the store. */
    static final class Queued {
        final ClientEntry entry;
        /** The change queued before this one and not acknowledged then; cleared once this one is. */
        private Queued previous;
        /** Whether this change added the lease to its set (undone: the lease leaves it). */
        final boolean adds;
        /** The durations this change replaced (the desired expiration as a monotonic deadline, as the entry keeps it). */
        final long desiredBefore;
        final long renewBefore;
        /** The durations this change recorded. */
        final long desired;
        final long renew;
        private boolean failed;
        private boolean acknowledged;

        private Queued(ClientEntry entry, Queued previous, boolean adds, long desiredBefore, long renewBefore) {
            this.entry = entry;
            this.previous = previous;
            this.adds = adds;
            this.desiredBefore = desiredBefore;
            this.renewBefore = renewBefore;
            this.desired = entry.desiredAt;
            this.renew = entry.renewDuration;
        }
    }

    /** What a failed change asks of the lease. */
    enum Undo {
        /** Nothing now: a later change of the lease is still queued, and records the whole lease or is undone too. */
        NONE,
        /** Back to the durations {@link #failed} gave. */
        DURATIONS,
        /** Out of its set: the change that added it was never recorded. */
        REMOVE
    }

    private final Map<ClientEntry, Queued> newest = new HashMap<>();

    /** Under the lock: {@code entry} was just added to its set by a change now queued. */
    Queued added(ClientEntry entry) {
        return queued(entry, true, entry.desiredAt, entry.renewDuration);
    }

    /**
     * Under the lock: {@code entry}'s durations were just changed from {@code desiredBefore} and
     * {@code renewBefore} by a change now queued.
     */
    Queued changed(ClientEntry entry, long desiredBefore, long renewBefore) {
        return queued(entry, false, desiredBefore, renewBefore);
    }

    private Queued queued(ClientEntry entry, boolean adds, long desiredBefore, long renewBefore) {
        Queued change = new Queued(entry, newest.get(entry), adds, desiredBefore, renewBefore);
        newest.put(entry, change);
        return change;
    }

    /** Under the lock: {@code change} is durable. */
    void acknowledged(Queued change) {
        change.acknowledged = true;
        change.previous = null; // what came before is settled by this record
        newest.remove(change.entry, change);
    }

    /**
     * Under the lock: {@code change} failed. When it is the newest change of its lease, the lease goes back as the
     * class comment says: {@link Undo#DURATIONS} with the durations in {@code durations} ({desired, renew}), or
     * {@link Undo#REMOVE}.
     */
    Undo failed(Queued change, long[] durations) {
        change.failed = true;
        if (newest.get(change.entry) != change) {
            return Undo.NONE;
        }
        Queued first = change;
        while (first.previous != null && first.previous.failed) {
            first = first.previous;
        }
        Queued standing = first.previous;
        if (standing == null || standing.acknowledged) {
            newest.remove(change.entry);
        } else {
            newest.put(change.entry, standing); // still queued: its own outcome decides from here on
        }
        if (standing != null) {
            durations[0] = standing.desired;
            durations[1] = standing.renew;
            return Undo.DURATIONS;
        }
        if (first.adds) {
            return Undo.REMOVE;
        }
        durations[0] = first.desiredBefore;
        durations[1] = first.renewBefore;
        return Undo.DURATIONS;
    }

}
