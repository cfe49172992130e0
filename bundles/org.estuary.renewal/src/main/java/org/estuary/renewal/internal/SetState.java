package org.estuary.renewal.internal;

import java.util.NavigableMap;
import java.util.TreeMap;

import org.estuary.core.time.Clock;

/** One renewal set: its lease's expiration, its client leases and its two registrations. Guarded by the lock. */
final class SetState {

    long setId;
    /** The set lease's expiration, epoch ms (Lease.FOREVER for none). */
    volatile long expiration;
    /** By entry key, ordered so the management view pages through it (issue 7). */
    final NavigableMap<Long, ClientEntry> entries = new TreeMap<>();
    Registration warning;
    Registration failure;
    Clock.Scheduled warningTask;
    /** The set expiration a warning was already sent for, so one expiration warns once. */
    long warnedFor = Long.MIN_VALUE;
    /** Renewals of the set lease decided, and the latest of them recorded (their records wait without the lock). */
    long renewalsDecided;
    long renewalsRecorded;
    volatile boolean destroyed;

    SetState(long setId, long expiration) {
        this.setId = setId;
        this.expiration = expiration;
    }

    Registration registration(long eventId) {
        return eventId == net.jini.lease.LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID ? warning : failure;
    }
}
