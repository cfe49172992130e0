package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.MarshalException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.event.SequenceNumbers;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.estuary.remote.component.ServiceIdentity;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.ServiceIdRecord;

/**
 * The renewal service's state and its one lock: the sets and their client leases ({@link SetTable}), the set leases
 * ({@link LeaseTable}), the registrations and their events, the expiration warnings, and the write path to the
 * store ({@link Persistence}). {@link RenewalService} (clients' operations), {@link SetLandlord} (the set leases),
 * {@link RenewalScheduler} (renewals), {@link Recovery} and {@link AdminView} change and read the state through this
 * object only, each holding {@link #lock} while it does; none of them calls another back.
 *
 * <p>Who writes what: every field of {@link SetState}, {@link ClientEntry} and {@link Registration} and every table
 * here is written under {@link #lock}, except where a field's comment names another writer. Store callbacks never
 * take the lock (docs/ARCHITECTURE.md, "Store callbacks never take a service's lock"): what a write shows once
 * durable is applied by the thread that waited for it, under the lock, or published through a volatile field.
 */
final class RenewalState {

    /** How long after a failed copy into a new store the next copy may start (S8). */
    private static final long STORE_RETRY_MILLIS = 1_000;
    /** Client leases looked at per hold of the lock when they are restated after a step of the wall clock. */
    static final int RESTATE_PAGE = 1_024;

    /** The one lock: every operation holds it while it reads or changes the state (LR.2: atomic). */
    final Object lock = new Object();
    final Clock clock;
    final Settings settings;
    final RenewalMetrics metrics = new RenewalMetrics();
    /** Where the replies of the service's calls to clients' objects (landlords) are read: its allowlist. */
    final ReadScope replies;
    final Records records;
    final Admission admission;
    final SetTable sets = new SetTable();
    /** The set leases, by set id; their expiry and cancellation destroy the set ({@link #destroy}). */
    final LeaseTable<SetState> setLeases;
    final BoundStore store;
    final Persistence persistence;
    final EventSender events;
    final Warnings warnings;
    final LostLeases lost;
    private final EventDelivery delivery;
    /** The service's id, set in recovery under the lock, and how proxies reach the backend. */
    final ServiceIdentity<RenewalBackend> identity = new ServiceIdentity<>(RenewalBackend.class);

    /** The state of the service whose clients' calls invoke {@code backend}. */
    RenewalState(Clock clock, Marshaller marshaller, Settings settings, EventDelivery delivery, Object backend) {
        this.clock = clock;
        this.settings = settings;
        this.records = new Records(marshaller);
        this.replies = ReadScope.forReplies(marshaller, null);
        this.admission = new Admission(marshaller, clock, backend);
        this.store = new BoundStore("lease renewal service", Records.SERVICE, lock, this::snapshot,
                settings.writeTimeoutMillis, STORE_RETRY_MILLIS);
        this.persistence = new Persistence(lock, store, settings.writeTimeoutMillis, metrics);
        this.setLeases = new LeaseTable<>(clock, settings.setPolicy, settings.maxSets, new LeaseListener<>() {
            @Override
            public void expired(long setId, SetState set) {
                destroy(set, false); // LR.2: an expired set is destroyed
            }

            @Override
            public void cancelled(long setId, SetState set) {
                destroy(set, true);
            }
        });
        this.delivery = delivery;
        this.events = new EventSender(delivery, new SequenceNumbers(persistence.marks(), settings.sequenceBlock,
                Math.max(2, settings.maxSets * 2)), this::unknownEvent);
        this.warnings = new Warnings(lock, clock, this::warn);
        this.lost = new LostLeases(clock, metrics.leasesLost);
    }

    /** Runs {@code read} over the tables under the lock: the management view's way in. */
    <T> T read(Function<SetTable, T> read) {
        synchronized (lock) {
            return read.apply(sets);
        }
    }

    void close() {
        synchronized (lock) {
            for (SetState set : sets.sets()) {
                warnings.cancel(set);
            }
        }
        setLeases.close();
        delivery.close();
        lost.close();
    }

    SetProxy proxyOf(SetState set) {
        RenewalBackend backend = identity.reference();
        UUID serviceId = identity.id();
        return new SetProxy(serviceId, set.setId, backend,
                LandlordLease.create(backend, serviceId, set.setId, set.expiration, clock));
    }

    /** LR.2.2/LR.2: set destroyed (expired or cancelled): no more renewals, no more events. */
    private void destroy(SetState set, boolean alreadyDeleted) {
        synchronized (lock) {
            if (set.destroyed) {
                return;
            }
            if (!alreadyDeleted) {
                persistence.writeLater(deleteSet(set));
            }
            set.destroyed = true;
            warnings.cancel(set);
            events.cancel(set.warning);
            events.cancel(set.failure);
            events.forget(proxyOf(set));
            sets.removeSet(set);
            persistence.forgetMarks(set.setId);
        }
    }

    /** The batch that deletes every record of {@code set}. */
    Batch deleteSet(SetState set) {
        Batch.Builder batch = Batch.builder().delete(Records.SETS, Records.key(set.setId))
                .delete(Records.WARNED, Records.key(set.setId));
        for (ClientEntry entry : set.entries.values()) {
            batch.delete(Records.LEASES, Records.key(entry.key));
        }
        for (long eventId = 0; eventId <= 1; eventId++) {
            batch.delete(Records.LISTENERS, Records.kindKey(set.setId, eventId));
            batch.delete(Records.SEQUENCE, Records.kindKey(set.setId, eventId));
        }
        return batch.build();
    }

    /**
     * Under the lock: the entry leaves its set. If {@code lost}, it could not be renewed: a failure event (LR.2.1),
     * and it is counted and logged as lost ({@link LostLeases}).
     */
    void drop(ClientEntry entry, boolean lost, Throwable failure) {
        SetState set = sets.get(entry.setId);
        sets.remove(entry);
        persistence.writeLater(Batch.builder().delete(Records.LEASES, Records.key(entry.key)).build());
        if (lost) {
            this.lost.lost(entry.setId, entry.live, failure);
        }
        if (lost && set != null) {
            Marshalled<Lease> shown = entry.held; // LR.2.1: the lease as last recorded
            if (shown == null) {
                try {
                    shown = admission.recordedForm(entry.live, entry.recordedExpiration);
                } catch (IOException e) {
                    shown = null; // our own copy marshalled before; the event then carries it as it is
                }
            }
            failureEvent(set, shown, shown == null ? entry.live : null, failure);
        }
    }

    /** Under the lock: tries to unmarshal an entry held only in recorded form. */
    boolean revive(ClientEntry entry) {
        try {
            Marshalled<Lease> held = entry.held;
            Lease live = admission.read(held);
            live.setSerialFormat(Lease.ABSOLUTE);
            entry.live = live;
            if (RecordedForm.derivable(live, held)) {
                entry.recordedExpiration = live.getExpiration(); // the held form's: derived from now on
                entry.held = null; // the store keeps the one serialized copy
            }
            sets.indexLive(entry);
            return true;
        } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
            entry.lastFailure = e;
            return false;
        }
    }

    /** Under the lock: makes {@code registration} the set's one registration of its kind. */
    void install(SetState set, Registration registration) {
        if (registration.eventId == LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID) {
            events.cancel(set.warning);
            set.warning = registration;
            set.warnedFor = Long.MIN_VALUE;
            warnings.schedule(set);
        } else {
            events.cancel(set.failure);
            set.failure = registration;
        }
    }

    /** Under the lock: {@code registration} is no longer the set's; what it still holds to send is dropped. */
    void uninstall(SetState set, Registration registration) {
        events.cancel(registration);
        if (set.warning == registration) {
            set.warning = null;
            warnings.cancel(set);
        } else if (set.failure == registration) {
            set.failure = null;
        }
    }

    /** LR.2.1: a listener's UnknownEventException clears that registration only (if still current). */
    private void unknownEvent(Registration registration) {
        clock.schedule(() -> {
            synchronized (lock) {
                SetState set = sets.get(registration.setId);
                if (set != null && !set.destroyed && set.registration(registration.eventId) == registration) {
                    persistence.writeLater(Batch.builder().delete(Records.LISTENERS,
                            Records.kindKey(registration.setId, registration.eventId)).build());
                    uninstall(set, registration);
                }
            }
        }, 0, TimeUnit.NANOSECONDS);
    }

    /**
     * Under the lock, from {@link Warnings}: LR.2.1, one warning per expiration, also after a restart. Recorded in
     * the background: a crash before it is durable sends the warning once more (with its own sequence number),
     * never loses one.
     */
    private void warn(SetState set, Registration registration) {
        persistence.writeLater(Batch.builder().put(Records.WARNED, Records.key(set.setId),
                Records.encodeLong(set.warnedFor)).build());
        metrics.eventsOut.inc();
        events.warning(registration, proxyOf(set), governing(set));
    }

    /** Under the lock: sends the set's failure event, if it has a registration (LR.2.1). */
    void failureEvent(SetState set, Marshalled<Lease> lease, Lease ready, Throwable failure) {
        Registration registration = set.failure;
        if (registration != null) {
            metrics.eventsOut.inc();
            events.failure(registration, proxyOf(set), lease, ready, admission.throwable(failure), governing(set));
        }
    }

    /** LR.2.1: a set's events are delivered while its lease lasts, to its deadline on monotonic time (LE.2.2). */
    private GoverningLease governing(SetState set) {
        return () -> set.destroyed ? Long.MIN_VALUE : setLeases.deadline(set.setId);
    }

    /**
     * Under the lock: the form of the newest renewal applied to {@code entry} ({@code entry.actual}), for a record
     * written now: also one whose own write has not been acknowledged yet, so a new store (S8) or a rewritten record
     * never goes back behind a renewal that may have been shown.
     */
    Marshalled<Lease> newestForm(ClientEntry entry) throws MarshalException {
        Marshalled<Lease> held = entry.held;
        try {
            if (entry.live == null) {
                return held;
            }
            return held == null ? admission.recordedForm(entry.live, entry.actual) : admission.record(entry.live);
        } catch (IOException e) {
            throw new MarshalException("client lease cannot be marshalled: " + e, e);
        }
    }

    /**
     * LR.2, LE.2.2: after a step of the wall clock, rewrites the record of every client lease whose recorded
     * actual expiration is more than {@code toleranceMillis} from the wall-clock time of its deadline, and of every
     * one whose actual expiration is {@code Lease.FOREVER} and desired one is not (nothing in memory tells whether
     * its recorded desired expiration is off): the actual expiration becomes the wall-clock time of its deadline, as
     * the desired one does in every record written. Recovered from such records, each lease is renewed before its
     * actual expiration and leaves its set at its desired one, neither an hour early nor late. The records go as
     * renewal results go ({@link Round}: a batch of at most {@value Round#MAX_RECORDS}, in the background, each
     * lease shown as recorded once durable), the lock held for {@value #RESTATE_PAGE} leases at a time. The live
     * copies keep their own expirations; the next renewal replaces them.
     *
     * @return the number of records queued
     */
    int restateClientLeases(long toleranceMillis) {
        List<SetState> all;
        synchronized (lock) {
            all = sets.sets();
        }
        int rewritten = 0;
        int next = 0;
        while (next < all.size()) {
            synchronized (lock) { // a page at a time, so client calls wait for one page, not for every lease
                Round round = new Round(persistence);
                for (int visited = 0; next < all.size() && visited < RESTATE_PAGE; next++) {
                    for (ClientEntry entry : all.get(next).entries.values()) {
                        visited++;
                        if (!entry.removed && offTheWallClock(entry, toleranceMillis) && restate(entry, round)) {
                            rewritten++;
                        }
                    }
                }
                round.write();
            }
            Thread.yield(); // the lock is not fair: let a client call that waited for this page take it first
        }
        return rewritten;
    }

    /** Under the lock: queues {@code entry}'s record with its expirations as the wall clock reads them now. */
    private boolean restate(ClientEntry entry, Round round) {
        long actual = entry.actualAt == Clock.NEVER ? entry.actual : clock.wallTimeOfDeadline(entry.actualAt);
        long before = entry.actual;
        entry.actual = actual;
        try {
            Marshalled<Lease> form = newestForm(entry);
            round.add(entry, form, actual, records.encodeLease(entry, form, clock));
            return true;
        } catch (MarshalException e) {
            entry.actual = before; // our own copy marshalled before: its record stays as it is
            return false;
        }
    }

    /** Under the lock: whether {@code entry}'s record may be off the wall clock by more than the tolerance. */
    private boolean offTheWallClock(ClientEntry entry, long toleranceMillis) {
        if (entry.actualAt == Clock.NEVER) {
            return entry.desiredAt != Clock.NEVER;
        }
        return Math.abs(Times.saturatedSubtract(clock.wallTimeOfDeadline(entry.actualAt), entry.actual))
                > toleranceMillis;
    }

    /** The batch that records {@code entry} holding {@code lease}. */
    Batch leaseRecord(ClientEntry entry, Marshalled<Lease> lease) {
        return Batch.builder().put(Records.LEASES, Records.key(entry.key), records.encodeLease(entry, lease, clock))
                .build();
    }

    /**
     * The set lease's newest decided expiration (lock held): a renewal whose record is still in flight to the store
     * the service leaves has decided it, and the copy into the new store must carry it (S8), as it carries a client
     * lease's newest form. Should that record fail after all, the new store holds the longer expiration until the
     * set's next change: after a restart the set may outlive what was granted, never fall short of it.
     */
    private long newestExpiration(SetState set) {
        try {
            return setLeases.get(set.setId) != null ? setLeases.expiration(set.setId) : set.expiration;
        } catch (net.jini.core.lease.UnknownLeaseException ended) {
            return set.expiration;
        }
    }

    /**
     * S8: the whole state as one batch for a new store, built from memory under the lock: it clears the service's
     * spaces and puts the service id, every set, client lease, registration and sequence mark, and the records
     * recovery could not read. A client lease goes in its newest renewed form, also when that form's own write
     * has not been acknowledged yet.
     */
    private Batch snapshot() {
        Batch.Builder batch = Batch.builder();
        for (String space : Records.SPACES) {
            batch.clear(space);
        }
        ServiceIdRecord.put(batch, Records.SERVICE, identity.id());
        for (SetState set : sets.sets()) {
            batch.put(Records.SETS, Records.key(set.setId), Records.encodeLong(newestExpiration(set)));
            if (set.warnedFor != Long.MIN_VALUE) {
                batch.put(Records.WARNED, Records.key(set.setId), Records.encodeLong(set.warnedFor));
            }
            for (ClientEntry entry : set.entries.values()) {
                try {
                    batch.put(Records.LEASES, Records.key(entry.key), records.encodeLease(entry, newestForm(entry), clock));
                } catch (MarshalException e) {
                    throw new java.io.UncheckedIOException(e); // our own copy marshalled before; a copy retries
                }
            }
            for (Registration registration : new Registration[] {set.warning, set.failure}) {
                if (registration != null) {
                    batch.put(Records.LISTENERS, Records.kindKey(set.setId, registration.eventId),
                            records.encodeRegistration(registration));
                }
            }
        }
        persistence.snapshotInto(batch);
        return batch.build();
    }
}
