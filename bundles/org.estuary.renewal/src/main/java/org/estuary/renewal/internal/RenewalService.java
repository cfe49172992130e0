package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.time.Clock;
import org.estuary.remote.BackendRef;
import org.estuary.core.time.Times;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.event.SequenceNumbers;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.RenewResults;
import org.estuary.lease.client.LandlordLease;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.renewal.proxy.ServiceProxy;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.Store;

/**
 * The renewal service's backend (LR.2, LR.2.1), plain Java so tests drive it with a {@code ManualClock}. One
 * lock makes every operation atomic with respect to the others (LR.2); a client's change is durable in the store
 * before the call returns; renewals run outside the lock ({@link RenewalScheduler}) and are recorded before any
 * client is shown their result.
 */
public final class RenewalService implements RenewalBackend {

    /** How long after a failed copy into a new store the next copy may start (S8). */
    private static final long STORE_RETRY_MILLIS = 1_000;

    private final Object lock = new Object();
    private final Clock clock;
    private final Settings settings;
    private final Persistence persistence;
    private final Records records;
    private final Admission admission;
    private final SetTable sets = new SetTable();
    private final LeaseTable<SetState> setLeases;
    private final RenewalScheduler scheduler;
    private final EventDelivery delivery;
    private final EventSender events;
    private final RenewalMetrics metrics = new RenewalMetrics();
    private UUID serviceId;
    /** How proxies reach this backend: a BackendRef's view, local until the service is exported. */
    private volatile RenewalBackend ref;

    private final BoundStore store;

    RenewalService(Clock clock, Marshaller marshaller, Settings settings, Executor renewals,
            EventDelivery delivery) {
        this.clock = clock;
        this.settings = settings;
        this.store = new BoundStore("lease renewal service", lock, this::snapshot, settings.writeTimeoutMillis,
                STORE_RETRY_MILLIS);
        this.persistence = new Persistence(store, settings.writeTimeoutMillis, metrics);
        this.records = new Records(marshaller);
        this.admission = new Admission(marshaller, clock);
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
        this.scheduler = new RenewalScheduler(this, clock, renewals, settings);
        this.delivery = delivery;
        this.events = new EventSender(delivery, new SequenceNumbers(persistence.marks(), settings.sequenceBlock,
                Math.max(2, settings.maxSets * 2)), this::unknownEvent);
    }

    /** DS bind of the store reference: a store that replaces the current one gets a copy of the state (S8). */
    void bindStore(Store bound) {
        store.bind(bound);
    }

    void unbindStore(Store unbound) {
        store.unbind(unbound);
    }

    /** Whether the service writes through the store bound now (no copy into it pending or failed). */
    boolean storeSettled() {
        return store.settled();
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
        batch.put(Records.SERVICE, Records.SERVICE_KEY, Records.encodeServiceId(serviceId));
        for (SetState set : sets.sets()) {
            batch.put(Records.SETS, Records.key(set.setId), Records.encodeLong(newestExpiration(set)));
            if (set.warnedFor != Long.MIN_VALUE) {
                batch.put(Records.WARNED, Records.key(set.setId), Records.encodeLong(set.warnedFor));
            }
            for (ClientEntry entry : set.entries.values()) {
                try {
                    batch.put(Records.LEASES, Records.key(entry.key), records.encodeLease(entry, newestForm(entry)));
                } catch (java.rmi.MarshalException e) {
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

    /** Rebuilds the state from the store; call once before use. */
    void start() throws IOException {
        synchronized (lock) {
            serviceId = new Recovery(this, persistence, records, sets, setLeases).run();
            ref = BackendRef.local(serviceId, RenewalBackend.class, this).backend();
        }
    }

    /**
     * Proxies made from now on call the backend through {@code exported} (issue 5: it reaches this backend from
     * other JVMs and re-resolves it across swaps and restarts); {@code null} goes back to the in-JVM reference.
     */
    void useReference(BackendRef<RenewalBackend> exported) {
        ref = exported != null ? exported.backend()
                : BackendRef.local(serviceId, RenewalBackend.class, this).backend();
    }

    UUID serviceId() {
        return serviceId;
    }

    void close() {
        synchronized (lock) {
            scheduler.close();
            for (SetState set : sets.sets()) {
                cancelWarning(set);
            }
        }
        setLeases.close();
        delivery.close();
        if (serviceId != null) {
            BackendRef.release(serviceId, this);
        }
    }

    /** The service proxy clients get. */
    ServiceProxy proxy() {
        return new ServiceProxy(serviceId, ref);
    }

    Object lock() {
        return lock;
    }

    Admission admission() {
        return admission;
    }

    Records records() {
        return records;
    }

    Settings settings() {
        return settings;
    }

    RenewalScheduler scheduler() {
        return scheduler;
    }

    RenewalMetrics metrics() {
        return metrics;
    }

    /** The tables, for the management view ({@link AdminView}); guarded by {@link #lock()}. */
    SetTable table() {
        return sets;
    }

    /**
     * Issue 7: the operator removes the client lease with {@code key} from set {@code setId}, as {@link #remove}
     * does (LR.2: never cancelled, no event). Durable before it returns.
     *
     * @return false if the set holds no such lease
     */
    boolean removeByKey(long setId, long key) throws RemoteException {
        synchronized (lock) {
            SetState set = sets.get(setId);
            ClientEntry entry = set == null || set.destroyed ? null : set.entries.get(key);
            if (entry == null) {
                return false;
            }
            persistence.write(Batch.builder().delete(Records.LEASES, Records.key(entry.key)).build());
            sets.remove(entry);
            return true;
        }
    }

    // ---- LeaseRenewalService -------------------------------------------------------------------------------

    @Override
    public LeaseRenewalSet createSet(long leaseDuration) throws RemoteException {
        metrics.operations.inc();
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException( // LR.2
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        synchronized (lock) {
            if (sets.setCount() >= settings.maxSets) {
                throw denied("no more renewal sets: max.sets=" + settings.maxSets + " reached");
            }
            SetState set = new SetState(0, 0);
            LeaseGrant grant;
            try {
                grant = setLeases.grant(set, leaseDuration); // LR.2: granted <= requested, under the policy
            } catch (LeaseDeniedException e) {
                throw new ServerException("no more renewal sets: max.sets=" + settings.maxSets + " reached", e);
            }
            set.setId = grant.leaseId();
            set.expiration = grant.expiration();
            try {
                persistence.write(Batch.builder().put(Records.SETS, Records.key(set.setId),
                        Records.encodeLong(set.expiration)).build());
            } catch (RemoteException e) {
                setLeases.remove(set.setId);
                throw e;
            }
            sets.addSet(set);
            return proxyOf(set);
        }
    }

    // ---- LeaseRenewalSet ------------------------------------------------------------------------------------

    @Override
    public void renewFor(long setId, Lease lease, long desiredDuration, long renewDuration)
            throws RemoteException {
        metrics.operations.inc();
        if (lease == null) {
            throw new NullPointerException("leaseToRenew is null"); // LR.2
        }
        // LR.2: positive, or ANY when the desired duration is exactly Long.MAX_VALUE
        if (renewDuration <= 0 && !(renewDuration == Lease.ANY && desiredDuration == Long.MAX_VALUE)) {
            throw new IllegalArgumentException("renewDuration must be positive"
                    + (desiredDuration == Long.MAX_VALUE ? " or Lease.ANY" : "") + ": " + renewDuration);
        }
        if (ownLease(lease)) {
            renewOwnLease(setId, lease, desiredDuration);
            return;
        }
        synchronized (lock) {
            sets.require(setId); // LR.2: a destroyed set answers NoSuchObjectException whatever the lease
        }
        Admission.Admitted copy = admission.lease(lease); // outside the lock: may be slow; filtered
        synchronized (lock) {
            SetState set = sets.require(setId);
            long now = clock.currentTimeMillis();
            long desired = Times.saturatedAdd(now, desiredDuration); // LR.2: overflow gives Long.MAX_VALUE
            long actual = copy.live.getExpiration();
            ClientEntry existing = sets.find(copy.live);
            if (existing != null && existing.setId != setId) {
                throw new IllegalArgumentException("lease is already in another set of this renewal service (set "
                        + existing.setId + "): " + lease);
            }
            if (desired <= now || actual < now) {
                // LR.2: a negative desired duration, or a lease expired on arrival, is dropped at once; a
                // failure event exactly when its actual expiration is before its desired expiration.
                if (existing != null) {
                    persistence.write(Batch.builder().delete(Records.LEASES, Records.key(existing.key)).build());
                    sets.remove(existing);
                }
                if (actual < desired) {
                    failureEvent(set, copy.recorded, null, null);
                }
                return;
            }
            if (existing != null) {
                // LR.2: the original copy stays; only the durations change.
                long oldDesired = existing.desired;
                long oldRenew = existing.renewDuration;
                existing.desired = desired;
                existing.renewDuration = renewDuration;
                try {
                    persistence.write(leaseRecord(existing, newestForm(existing)));
                } catch (RemoteException e) {
                    existing.desired = oldDesired;
                    existing.renewDuration = oldRenew;
                    throw e;
                }
                existing.version++;
                if (!existing.renewing) {
                    scheduler.now(existing);
                }
                return;
            }
            if (set.entries.size() >= settings.maxLeasesPerSet) {
                throw denied("set " + setId + " is full: max.leases.per.set=" + settings.maxLeasesPerSet);
            }
            if (sets.leaseCount() >= settings.maxLeases) {
                throw denied("renewal service is full: max.leases=" + settings.maxLeases);
            }
            // issue 6 (heap per client lease): the recorded form is kept only when it cannot be derived later
            ClientEntry entry = new ClientEntry(sets.newKey(), setId, copy.live, copy.derivable ? null : copy.recorded,
                    actual, actual, desired, renewDuration);
            persistence.write(leaseRecord(entry, copy.recorded));
            sets.add(entry);
            scheduler.now(entry);
        }
    }

    /** LR.2: one of this service's set leases; IAE unless it has expired, then dropped like any expired lease. */
    private void renewOwnLease(long setId, Lease lease, long desiredDuration) throws RemoteException {
        synchronized (lock) {
            SetState set = sets.require(setId);
            if (setLeases.get(((LandlordLease) lease).leaseId()) != null) {
                throw new IllegalArgumentException("lease was granted by this renewal service and has not "
                        + "expired: " + lease);
            }
            long now = clock.currentTimeMillis();
            long desired = Times.saturatedAdd(now, desiredDuration);
            if (lease.getExpiration() < desired) {
                // LR.2.1: the event carries the lease to listeners in other JVMs too, so in marshalled form
                Marshalled<Lease> recorded;
                try {
                    recorded = admission.record(lease);
                } catch (IOException e) {
                    recorded = null; // our own lease always marshals; kept in memory only if it ever does not
                }
                failureEvent(set, recorded, recorded == null ? lease : null, null);
            }
        }
    }

    @Override
    public Lease remove(long setId, Lease lease) throws RemoteException {
        metrics.operations.inc();
        if (lease == null) {
            throw new NullPointerException("leaseToRemove is null");
        }
        Marshalled<Lease> held;
        Lease live;
        long recordedExpiration;
        synchronized (lock) {
            sets.require(setId);
            ClientEntry entry = sets.find(lease);
            if (entry == null || entry.setId != setId) {
                return null; // LR.2
            }
            persistence.write(Batch.builder().delete(Records.LEASES, Records.key(entry.key)).build());
            sets.remove(entry); // LR.2: never cancelled; a renewal in flight is ignored when it returns
            held = entry.held;
            live = entry.live;
            recordedExpiration = entry.recordedExpiration;
        }
        try {
            // LR.2: as last recorded; derived outside the lock (a renewal in flight changes only the live expiration)
            return admission.read(held != null ? held : admission.recordedForm(live, recordedExpiration));
        } catch (IOException | ClassNotFoundException e) {
            return live;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Marshalled<Lease>[] getLeases(long setId) throws RemoteException {
        metrics.operations.inc();
        Marshalled<Lease>[] shown;
        Lease[] live;
        long[] recordedExpiration;
        synchronized (lock) {
            SetState set = sets.require(setId);
            int count = set.entries.size();
            shown = new Marshalled[count];
            live = new Lease[count];
            recordedExpiration = new long[count];
            int i = 0;
            for (ClientEntry entry : set.entries.values()) {
                shown[i] = entry.held;
                live[i] = entry.live;
                recordedExpiration[i++] = entry.recordedExpiration;
            }
        }
        // LR.2: each as last recorded; the derived forms are made outside the lock (RecordedForm)
        for (int i = 0; i < shown.length; i++) {
            if (shown[i] == null) {
                try {
                    shown[i] = admission.recordedForm(live[i], recordedExpiration[i]);
                } catch (IOException e) {
                    throw new java.rmi.MarshalException("client lease cannot be marshalled: " + e, e);
                }
            }
        }
        return shown;
    }

    @Override
    public EventRegistration setListener(long setId, long eventId, RemoteEventListener listener, long minWarning,
            MarshalledObject<?> handback) throws RemoteException {
        metrics.operations.inc();
        if (listener == null) {
            throw new NullPointerException("listener is null"); // LR.2.1
        }
        if (minWarning < 0) {
            throw new IllegalArgumentException("minWarning must be zero or positive: " + minWarning);
        }
        if (eventId != LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID
                && eventId != LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID) {
            throw new IllegalArgumentException("unknown event id " + eventId);
        }
        Marshalled<RemoteEventListener> marshalled = admission.listener(listener);
        RemoteEventListener copy = admission.readListener(marshalled);
        synchronized (lock) {
            SetState set = sets.require(setId);
            Registration registration = new Registration(setId, eventId, copy, marshalled, handback, minWarning);
            Batch.Builder batch = Batch.builder().put(Records.LISTENERS, Records.kindKey(setId, eventId),
                    records.encodeRegistration(registration));
            if (eventId == LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID) {
                batch.delete(Records.WARNED, Records.key(setId)); // a new listener is warned afresh (install)
            }
            persistence.write(batch.build());
            install(set, registration);
            SetProxy source = proxyOf(set);
            long seq;
            try {
                seq = events.current(source, eventId);
            } catch (IOException e) {
                throw new RemoteException("cannot read the sequence number: " + e.getMessage(), e);
            }
            // LR.2.1: source = the set, the spec's event id, a lease equal to the set's lease
            return new EventRegistration(eventId, source, source.getRenewalSetLease(), seq);
        }
    }

    /** Under the lock: makes {@code registration} the set's one registration of its kind. */
    void install(SetState set, Registration registration) {
        if (registration.eventId == LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID) {
            events.cancel(set.warning);
            set.warning = registration;
            set.warnedFor = Long.MIN_VALUE;
            scheduleWarning(set);
        } else {
            events.cancel(set.failure);
            set.failure = registration;
        }
    }

    @Override
    public void clearListener(long setId, long eventId) throws RemoteException {
        metrics.operations.inc();
        synchronized (lock) {
            SetState set = sets.require(setId);
            Registration current = set.registration(eventId);
            if (current == null) {
                return; // LR.2.1: acceptable without a registration
            }
            persistence.write(Batch.builder().delete(Records.LISTENERS, Records.kindKey(setId, eventId)).build());
            clearInMemory(set, current);
        }
    }

    private void clearInMemory(SetState set, Registration registration) {
        events.cancel(registration);
        if (set.warning == registration) {
            set.warning = null;
            cancelWarning(set);
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
                            Records.kindKey(registration.setId, registration.eventId)).build(), () -> { });
                    clearInMemory(set, registration);
                }
            }
        }, 0, TimeUnit.NANOSECONDS);
    }

    // ---- Landlord of the set leases ---------------------------------------------------------------------------

    /**
     * LE and LR.2: renews a set's lease. The new expiration is decided and its record queued under the service
     * lock, so records reach the store in the order renewals were decided; the wait for durability happens without
     * the lock, so concurrent renewals of many sets share one store sync instead of each holding every other
     * operation for one. The renewal is granted, and the set's warning rescheduled, only once recorded.
     */
    @Override
    public long renew(long setId, long duration) throws LeaseDeniedException, UnknownLeaseException,
            RemoteException {
        metrics.operations.inc();
        SetState set;
        long granted;
        long expiration;
        long ticket;
        Persistence.Submitted record;
        synchronized (lock) {
            set = sets.get(setId);
            if (set == null || set.destroyed) {
                throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
            }
            granted = setLeases.renew(setId, duration);
            expiration = setLeases.expiration(setId);
            ticket = ++set.renewalsDecided;
            try {
                record = persistence.submit(Batch.builder().put(Records.SETS, Records.key(setId),
                        Records.encodeLong(expiration)).build());
                if (record.isDone()) { // a store that acknowledges at once (memory): no second turn at the lock
                    persistence.await(record);
                    recorded(set, ticket, expiration);
                    return granted;
                }
            } catch (RemoteException e) {
                undoRenewal(set, ticket);
                throw e;
            }
        }
        try {
            persistence.await(record);
        } catch (RemoteException e) {
            synchronized (lock) {
                undoRenewal(set, ticket);
            }
            throw e;
        }
        synchronized (lock) {
            recorded(set, ticket, expiration);
        }
        return granted;
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
        } catch (UnknownLeaseException ended) {
            return set.expiration;
        }
    }

    /** A set lease renewal is recorded: the set shows it, unless a later renewal was recorded first (lock held). */
    private void recorded(SetState set, long ticket, long expiration) {
        if (!set.destroyed && ticket > set.renewalsRecorded) {
            set.renewalsRecorded = ticket;
            set.expiration = expiration;
            set.warnedFor = Long.MIN_VALUE;
            scheduleWarning(set);
        }
    }

    /**
     * Not recorded, so not granted (LR.2, atomic): unless a later renewal has been decided since, the set's lease
     * falls back to the expiration the store has. Called with the service lock held.
     */
    private void undoRenewal(SetState set, long ticket) {
        if (!set.destroyed && set.renewalsDecided == ticket && setLeases.get(set.setId) != null) {
            try {
                setLeases.renew(set.setId, Math.max(1, set.expiration - clock.currentTimeMillis()));
            } catch (UnknownLeaseException gone) {
                // the set's lease ended meanwhile: nothing left to undo
            }
        }
    }

    @Override
    public void cancel(long setId) throws UnknownLeaseException, RemoteException {
        metrics.operations.inc();
        synchronized (lock) {
            SetState set = sets.get(setId);
            if (set == null || set.destroyed || setLeases.get(setId) == null) {
                throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
            }
            persistence.write(deleteSet(set)); // durable before acknowledged
            setLeases.cancel(setId); // calls destroy through the listener
        }
    }

    @Override
    public RenewResults renewAll(long[] setIds, long[] durations) throws RemoteException {
        if (setIds.length != durations.length) {
            throw new IllegalArgumentException("leaseIds and durations differ in length");
        }
        long[] granted = new long[setIds.length];
        Exception[] failures = new Exception[setIds.length];
        for (int i = 0; i < setIds.length; i++) {
            try {
                granted[i] = renew(setIds[i], durations[i]);
            } catch (LeaseDeniedException | UnknownLeaseException | IllegalArgumentException e) {
                failures[i] = e;
            }
        }
        return new RenewResults(granted, failures);
    }

    @Override
    public Exception[] cancelAll(long[] setIds) throws RemoteException {
        Exception[] failures = new Exception[setIds.length];
        for (int i = 0; i < setIds.length; i++) {
            try {
                cancel(setIds[i]);
            } catch (UnknownLeaseException e) {
                failures[i] = e;
            }
        }
        return failures;
    }

    // ---- internals used by the scheduler and recovery ---------------------------------------------------------

    /** LR.2.2/LR.2: set destroyed (expired or cancelled): no more renewals, no more events. */
    private void destroy(SetState set, boolean alreadyDeleted) {
        synchronized (lock) {
            if (set.destroyed) {
                return;
            }
            if (!alreadyDeleted) {
                persistence.writeLater(deleteSet(set), () -> { });
            }
            set.destroyed = true;
            cancelWarning(set);
            events.cancel(set.warning);
            events.cancel(set.failure);
            events.forget(proxyOf(set));
            sets.removeSet(set);
            persistence.forgetMarks(set.setId);
        }
    }

    private Batch deleteSet(SetState set) {
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

    /** Under the lock: the entry leaves its set; with a failure event if {@code event} (LR.2.1). */
    void drop(ClientEntry entry, boolean event, Throwable failure) {
        SetState set = sets.get(entry.setId);
        sets.remove(entry);
        persistence.writeLater(Batch.builder().delete(Records.LEASES, Records.key(entry.key)).build(), () -> { });
        if (event && set != null) {
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

    /**
     * The results of one renewal round (one {@code LeaseMap.renewAll} or one lease's renew), written as one store
     * batch: one commit covers the round instead of one per lease. Clients see a result once it is durable (LR.2).
     */
    final class Round {
        /** Records per store batch at most, so a round of a very large LeaseMap stays a modest batch. */
        static final int MAX_RECORDS = 1_000;

        private Batch.Builder batch = Batch.builder();
        private List<ClientEntry> entries = new java.util.ArrayList<>();
        /** The renewed forms of the entries that hold theirs ({@link ClientEntry#held}), else null. */
        private List<Marshalled<Lease>> forms = new java.util.ArrayList<>();
        private long[] expirations = new long[16];

        /**
         * Under the lock: {@code entry} was renewed to {@code expiration}, marshalled as {@code form}, whose store
         * record is {@code record}.
         */
        void add(ClientEntry entry, Marshalled<Lease> form, long expiration, byte[] record) {
            batch.put(Records.LEASES, Records.key(entry.key), record);
            if (entries.size() == expirations.length) {
                expirations = java.util.Arrays.copyOf(expirations, expirations.length * 2);
            }
            expirations[entries.size()] = expiration;
            entries.add(entry);
            forms.add(entry.held != null ? form : null);
            if (entries.size() >= MAX_RECORDS) {
                write();
            }
        }

        /** Under the lock (so a store switch copies the state before or after these records, S8). */
        void write() {
            if (entries.isEmpty()) {
                return;
            }
            List<ClientEntry> entries = this.entries;
            List<Marshalled<Lease>> forms = this.forms;
            long[] expirations = this.expirations;
            Batch written = batch.build();
            this.batch = Batch.builder();
            this.entries = new java.util.ArrayList<>();
            this.forms = new java.util.ArrayList<>();
            this.expirations = new long[16];
            persistence.writeLater(written, () -> {
                // Runs in the store's commit thread, so it must not take the service lock: a client call holding
                // the lock may be waiting for this very store's acknowledgement (a deadlock on any store that
                // acknowledges in its own thread). Acknowledgements come in order (Store S3), so the newest
                // renewal's expiration is the last one set; a lease removed meanwhile keeps the one it was removed
                // with.
                for (int i = 0; i < entries.size(); i++) {
                    ClientEntry entry = entries.get(i);
                    if (!entry.removed) {
                        Marshalled<Lease> form = forms.get(i);
                        if (form != null) {
                            entry.held = form;
                        }
                        entry.recordedExpiration = expirations[i];
                    }
                }
            });
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
                entry.held = null; // issue 6: the store keeps the one serialized copy
            }
            sets.indexLive(entry);
            return true;
        } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
            entry.lastFailure = e;
            return false;
        }
    }

    /**
     * Under the lock: the form of the newest renewal applied to {@code entry} ({@code entry.actual}), for a record
     * written now: also one whose own write has not been acknowledged yet, so a new store (S8) or a rewritten record
     * never goes back behind a renewal that may have been shown.
     */
    private Marshalled<Lease> newestForm(ClientEntry entry) throws java.rmi.MarshalException {
        Marshalled<Lease> held = entry.held;
        try {
            if (entry.live == null) {
                return held;
            }
            return held == null ? admission.recordedForm(entry.live, entry.actual) : admission.record(entry.live);
        } catch (IOException e) {
            throw new java.rmi.MarshalException("client lease cannot be marshalled: " + e, e);
        }
    }

    private Batch leaseRecord(ClientEntry entry, Marshalled<Lease> lease) {
        return Batch.builder().put(Records.LEASES, Records.key(entry.key), records.encodeLease(entry, lease))
                .build();
    }

    private void failureEvent(SetState set, Marshalled<Lease> lease, Lease ready, Throwable failure) {
        Registration registration = set.failure;
        if (registration != null) {
            metrics.eventsOut.inc();
            events.failure(registration, proxyOf(set), lease, ready, admission.throwable(failure), governing(set));
        }
    }

    /** Under the lock: (re)arms the expiration warning at set expiration - minWarning (LR.2.1). */
    void scheduleWarning(SetState set) {
        cancelWarning(set);
        Registration registration = set.warning;
        if (registration == null || set.expiration == Lease.FOREVER || set.warnedFor == set.expiration) {
            return;
        }
        long at = Times.saturatedSubtract(clock.deadlineOfWallTime(set.expiration),
                Times.millisToNanos(registration.minWarning));
        set.warningTask = clock.schedule(() -> warningDue(set), Math.max(0, at - clock.nanoTime()),
                TimeUnit.NANOSECONDS);
    }

    private void warningDue(SetState set) {
        synchronized (lock) {
            Registration registration = set.warning;
            if (set.destroyed || registration == null || set.warnedFor == set.expiration) {
                return;
            }
            set.warnedFor = set.expiration;
            // LR.2.1: one warning per expiration, also after a restart. Written in the background: a crash before
            // it is durable sends the warning once more (with its own sequence number), never loses one.
            persistence.writeLater(Batch.builder().put(Records.WARNED, Records.key(set.setId),
                    Records.encodeLong(set.warnedFor)).build(), () -> { });
            metrics.eventsOut.inc();
            events.warning(registration, proxyOf(set), governing(set));
        }
    }

    private void cancelWarning(SetState set) {
        if (set.warningTask != null) {
            set.warningTask.cancel();
            set.warningTask = null;
        }
    }

    private GoverningLease governing(SetState set) {
        return () -> set.destroyed ? Long.MIN_VALUE : clock.deadlineOfWallTime(set.expiration);
    }

    SetProxy proxyOf(SetState set) {
        RenewalBackend backend = ref;
        return new SetProxy(serviceId, set.setId, backend,
                LandlordLease.create(backend, serviceId, set.setId, set.expiration, clock));
    }

    private boolean ownLease(Lease lease) {
        return lease instanceof LandlordLease && ((LandlordLease) lease).landlordId().equals(serviceId);
    }

    private static ServerException denied(String message) {
        return new ServerException(message, new LeaseDeniedException(message));
    }

    /** Counts for the console and tests: sets, client leases, scheduled entries. */
    long[] counts() {
        synchronized (lock) {
            return new long[] {sets.setCount(), sets.leaseCount(), scheduler.scheduled()};
        }
    }

    List<SetState> setsForTest() {
        synchronized (lock) {
            return sets.sets();
        }
    }

    NoSuchObjectException gone(long setId) {
        return new NoSuchObjectException("lease renewal set " + setId + " no longer exists");
    }
}
