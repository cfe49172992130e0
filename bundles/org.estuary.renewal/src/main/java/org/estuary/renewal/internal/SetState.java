package org.estuary.renewal.internal;

import java.util.NavigableMap;
import java.util.TreeMap;

import org.estuary.core.time.Clock;

/**
 * One renewal set: its lease's expiration, its client leases and its two registrations. Every field is written under
 * the state's lock ({@link RenewalState}); {@link #expiration} and {@link #destroyed} are also read without it (a
 * proxy's lease, the events' governing lease).
 */
final class SetState {

    long setId;
    /** The set lease's expiration as last recorded, epoch ms (Lease.FOREVER for none): what clients are shown. */
    volatile long expiration;
    /** By entry key, ordered so the management view pages through it. */
    final NavigableMap<Long, ClientEntry> entries = new TreeMap<>();
    Registration warning;
    Registration failure;
    Clock.Scheduled warningTask;
    /** The set expiration a warning was already sent for, so one expiration warns once. */
    long warnedFor = Long.MIN_VALUE;
    /**
     * Tickets of the set lease's renewals ({@link SetLandlord}): how many were decided, and the newest one recorded,
     * so an older renewal acknowledged late never replaces a newer expiration.
     */
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
