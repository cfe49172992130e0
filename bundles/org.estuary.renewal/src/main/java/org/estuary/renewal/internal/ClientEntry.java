package org.estuary.renewal.internal;

import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.io.Marshalled;

/**
 * One client lease in a set (LR.2): our own filtered copy that we renew, the expiration last recorded in the store,
 * and its desired expiration and renew duration. Clients are shown the lease as last recorded: for Estuary's own
 * leases that form is derived from {@link #live} and {@link #recordedExpiration} ({@link RecordedForm}), so only the
 * store holds the serialized lease (heap per client lease); other leases keep it in {@link #held}.
 *
 * <p>Every field is written under the state's lock ({@link RenewalState}) except {@link #held} and
 * {@link #recordedExpiration}: those two are published by the store's acknowledgement of a renewal round
 * ({@link Round}), which must not take the lock; acknowledgements come one at a time and in order (Store S3). Under
 * the lock, only the constructor and {@link RenewalState#revive} (an entry with no live copy, so no renewal in
 * flight) write them.
 */
final class ClientEntry {

    final long key;
    final long setId;
    /** Our copy, renewed in place; null while it cannot be unmarshalled (after a restart without its class). */
    Lease live;
    /**
     * The lease as last recorded, held only when it cannot be derived from {@link #live} (another lease class, or
     * no live copy yet); null otherwise. Published by the acknowledgement of a round, without the lock.
     */
    volatile Marshalled<Lease> held;
    /**
     * The expiration of the form last recorded, i.e. acknowledged by the store (LR.2: what clients are shown).
     * Published by the acknowledgement of a round, without the lock.
     */
    volatile long recordedExpiration;
    /**
     * The actual expiration of {@link #live} (epoch ms) as of the last renewal we applied: as read from the lease
     * then, for what is recorded and shown only.
     */
    long actual;
    /**
     * When the lease ends on the monotonic clock ({@link Clock#nanoTime()}, {@link Clock#NEVER} for never):
     * {@link #actual} turned into a deadline once, when it was read (LE.2.2: an expiration is a wall-clock time
     * only as read at one moment), so a step of the wall clock neither makes the lease look due nor lets it pass.
     */
    long actualAt;
    /** The desired expiration as a monotonic deadline, {@link Clock#NEVER} for {@code Lease.FOREVER} (LR.2). */
    long desiredAt;
    long renewDuration;
    /** The last renewal failure, for the failure event (LR.2.1), or null. */
    Throwable lastFailure;
    /**
     * Bumped by every change, so a renewal result for an older state is ignored. An int (as is the retry delay)
     * keeps the entry small, one per client lease (heap per lease); a renewal in flight spans a handful of
     * changes, never 2^32.
     */
    int version;
    boolean renewing;
    /**
     * Its actual expiration may be earlier than the landlord's, so a passed one is first renewed, not dropped: it was
     * recovered from the store and not renewed since (a renewal whose background write a crash lost), or its last
     * renewal was out while the wall clock stepped (the earlier of two readings was taken).
     */
    boolean unconfirmed;
    /** The current retry delay (LR.2: indefinite failures are retried), capped at Integer.MAX_VALUE ms (24 days). */
    int retryDelayMillis;
    /** When it is due in the {@link Agenda} (clock nanos), while {@link #place} is not -1. */
    long due;
    /** Its index in the {@link Agenda}'s heap, or -1 when it is not scheduled. */
    int place = -1;
    /** Written under the lock when the entry leaves its set; read without it by a round's acknowledgement. */
    volatile boolean removed;

    ClientEntry(long key, long setId, Lease live, Marshalled<Lease> held, long recordedExpiration, long actual,
            long actualAt, long desiredAt, long renewDuration) {
        this.key = key;
        this.setId = setId;
        this.live = live;
        this.held = held;
        this.recordedExpiration = recordedExpiration;
        this.actual = actual;
        this.actualAt = actualAt;
        this.desiredAt = desiredAt;
        this.renewDuration = renewDuration;
    }

    /** Under the lock: the lease's expiration as just read from it, and its deadline from this reading on. */
    void actualIs(long expiration, Clock clock) {
        actual = expiration;
        actualAt = clock.deadlineOfWallTime(expiration);
    }

    /** LR.2: the duration to ask for at monotonic time {@code now}. */
    long requestAt(long now) {
        if (desiredAt == Clock.NEVER && renewDuration == Lease.ANY) {
            return Lease.ANY; // LR.2: the one exception to "never past the desired expiration"
        }
        long remaining = Times.nanosToMillisCeiling(Times.saturatedSubtract(desiredAt, now));
        return Math.max(1, Math.min(renewDuration, remaining));
    }
}
