package org.estuary.renewal.internal;

import java.util.NavigableMap;
import java.util.TreeMap;

import org.estuary.core.time.Clock;
import org.estuary.lease.durable.LeasedResource;
import org.estuary.store.api.WritePath;

/**
 * One renewal set: its lease's expiration, its client leases and its two registrations. Every field is written under
 * the state's lock ({@link RenewalState}); {@link #expiration} and {@link #destroyed} are also read without it (a
 * proxy's lease, the events' governing lease).
 */
final class SetState extends LeasedResource {

    long setId;
    /**
     * The client that created the set ({@code org.estuary.remote.Callers}), whose quotas it and its leases count
     * against; null for a set created in this JVM or recovered from the store (not counted).
     */
    final String owner;
    /** The set lease's expiration as last recorded, epoch ms (Lease.FOREVER for none): what clients are shown. */
    volatile long expiration;
    /**
     * {@link #expiration} as a deadline on monotonic time, turned from it once when it was learned (LE.2.2: a
     * wall-clock time only as read at one moment): what the expiration warning is armed by, whatever the wall clock
     * does later. Under the lock.
     */
    long expirationAt = Clock.NEVER;
    /** By entry key, ordered so the management view pages through it. */
    final NavigableMap<Long, ClientEntry> entries = new TreeMap<>();
    Registration warning;
    Registration failure;
    Clock.Scheduled warningTask;
    /** The set expiration a warning was already sent for, so one expiration warns once. */
    long warnedFor = Long.MIN_VALUE;
    /** The order of the changes of each registration: an older one acknowledged late is not installed. */
    final WritePath.Ticket warningChanges = new WritePath.Ticket();
    final WritePath.Ticket failureChanges = new WritePath.Ticket();
    volatile boolean destroyed;

    /** Under the lock: the set lease's expiration as just granted, renewed or read back, and its deadline. */
    void expires(long expiration, Clock clock) {
        this.expiration = expiration;
        this.expirationAt = clock.deadlineOfWallTime(expiration);
    }

    SetState(long setId, long expiration) {
        this(setId, expiration, null);
    }

    SetState(long setId, long expiration, String owner) {
        this.setId = setId;
        this.expiration = expiration;
        this.owner = owner;
    }

    /** LR.2: destroyed, by its lease's end or its durable cancellation ({@link #gone} while being cancelled). */
    @Override
    protected boolean ended() {
        return destroyed;
    }

    WritePath.Ticket changes(long eventId) {
        return eventId == net.jini.lease.LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID ? warningChanges : failureChanges;
    }

    Registration registration(long eventId) {
        return eventId == net.jini.lease.LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID ? warning : failure;
    }
}
