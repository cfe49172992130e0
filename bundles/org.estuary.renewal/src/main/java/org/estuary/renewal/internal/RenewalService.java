package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.lease.durable.WallClockWatch;
import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.RateLimitedLog;
import org.estuary.lease.durable.DurableBackend;
import org.estuary.lease.durable.DurableLandlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.client.LandlordLease;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Callers;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.renewal.proxy.ServiceProxy;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath.Change;

/**
 * The renewal service's backend (LR.2, LR.2.1): the operations of {@code LeaseRenewalService} and
 * {@code LeaseRenewalSet} over the state that {@link RenewalState} owns, plain Java so tests drive it with a
 * {@code ManualClock}. Its lock makes every operation atomic with respect to the others (LR.2); a client's change
 * is durable in the store before the call returns; renewals run outside the lock ({@link RenewalScheduler}) and
 * are recorded before any client is shown their result; the set leases are {@link SetLandlord}'s.
 */
final class RenewalService extends DurableBackend implements RenewalBackend, ServiceComponent.Service<RenewalBackend> {

    private final RenewalState state;
    private final Object lock;
    private final Clock clock;
    private final Settings settings;
    private final SetTable sets;
    private final Admission admission;
    private final Persistence persistence;
    private final RenewalMetrics metrics;
    private final SetLandlord landlord;
    private final RenewalScheduler scheduler;
    /** The client-lease changes queued and not yet acknowledged; guarded by the lock. */
    private final LeaseChanges changes = new LeaseChanges();
    /** Who calls ({@link Callers#current}): the client whose quotas a new set counts against. */
    private final Supplier<String> callers;
    private final RateLimitedLog refusals = new RateLimitedLog(System.getLogger(RenewalService.class.getName()));

    RenewalService(Clock clock, Marshaller marshaller, Settings settings, Executor renewals,
            EventDelivery delivery) {
        this(clock, marshaller, settings, renewals, delivery, Callers::current);
    }

    /** With {@code callers} telling who calls (tests: clients without RMI). */
    RenewalService(Clock clock, Marshaller marshaller, Settings settings, Executor renewals,
            EventDelivery delivery, Supplier<String> callers) {
        this.callers = callers;
        this.state = new RenewalState(clock, marshaller, settings, delivery, this);
        this.lock = state.lock;
        this.clock = clock;
        this.settings = settings;
        this.sets = state.sets;
        this.admission = state.admission;
        this.persistence = state.persistence;
        this.metrics = state.metrics;
        this.landlord = new SetLandlord(state);
        this.scheduler = new RenewalScheduler(state, renewals);
    }

    /** DS bind of the store reference: a store that replaces the current one gets a copy of the state (S8). */
    @Override
    public boolean bindStore(Store bound) {
        return state.store.bind(bound);
    }

    @Override
    public void unbindStore(Store unbound) {
        state.store.unbind(unbound);
    }

    /** Rebuilds the state from the store; call once before use. */
    @Override
    public void start() throws IOException {
        synchronized (lock) {
            state.identity.identify(new Recovery(state, scheduler).run(), this);
        }
    }

    @Override
    public void useReference(BackendRef<RenewalBackend> exported) {
        state.identity.useReference(exported);
    }

    @Override
    public UUID serviceId() {
        return state.identity.id();
    }

    void close() {
        scheduler.close();
        state.close();
        state.identity.release();
    }

    /** The service proxy clients get. */
    @Override
    public ServiceProxy proxy() {
        return new ServiceProxy(state.identity.id(), state.identity.reference());
    }

    Settings settings() {
        return settings;
    }

    RenewalMetrics metrics() {
        return metrics;
    }

    /** The clock the service keeps its deadlines on, which the management view shows them by. */
    Clock clock() {
        return clock;
    }

    /** Runs {@code read} over the tables under the lock, for the management view ({@link AdminView}). */
    <T> T read(java.util.function.Function<SetTable, T> read) {
        return state.read(read);
    }

    /**
     * The operator removes the client lease with {@code key} from set {@code setId}, as {@link #remove} does (LR.2:
     * never cancelled, no event). Durable before it returns.
     *
     * @return false if the set holds no such lease
     */
    boolean removeByKey(long setId, long key) throws RemoteException {
        return persistence.run(() -> {
            SetState set = sets.get(setId);
            ClientEntry entry = set == null || set.gone() ? null : set.entries.get(key);
            return entry == null ? Change.answer(false) : removal(entry, shown -> true);
        });
    }

    // ---- LeaseRenewalService -------------------------------------------------------------------------------

    @Override
    public LeaseRenewalSet createSet(long leaseDuration) throws RemoteException {
        metrics.operations.inc();
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException( // LR.2
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        String client = callers.get();
        return persistence.reply(() -> {
            if (sets.setCount() >= settings.maxSets) {
                throw denied("no more renewal sets: max.sets=" + settings.maxSets + " reached");
            }
            if (client != null && sets.setsOf(client) >= settings.maxSetsPerClient) {
                throw quotaDenied("client " + client + " already holds " + sets.setsOf(client)
                        + " renewal sets: max.sets.per.client=" + settings.maxSetsPerClient
                        + " reached; cancel the sets it no longer needs");
            }
            SetState set = new SetState(0, 0, client);
            LeaseGrant grant = landlord.grant(set, leaseDuration); // LR.2: granted <= requested, under the policy
            set.setId = grant.leaseId();
            set.expires(grant.expiration(), clock);
            sets.addSet(set); // counted against max.sets from now on; no client knows its id until it is recorded
            return new Change<LeaseRenewalSet>() {
                @Override
                public Batch batch() {
                    return Batch.builder().put(Records.SETS, Records.key(set.setId),
                            Records.encodeLong(set.expiration)).build();
                }

                @Override
                public LeaseRenewalSet acknowledged() {
                    return state.proxyOf(set);
                }

                @Override
                public void failed(StoreException cause) {
                    state.setLeases.remove(set.setId);
                    sets.removeSet(set);
                    set.destroyed = true;
                }
            };
        }, null);
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
        Admission.Admitted copy;
        try {
            copy = admission.lease(lease); // outside the lock: may be slow; filtered
        } catch (RemoteException refused) {
            synchronized (lock) {
                SetState set = sets.get(setId);
                if (set == null || set.destroyed) { // LR.2: a destroyed set answers NoSuchObjectException whatever the lease
                    sets.require(setId);
                }
            }
            throw refused;
        }
        persistence.reply(() -> {
            SetState set = sets.require(setId);
            // LE.2.2: the lease's expiration is a wall-clock time as read now; from here on its deadline counts
            long now = clock.nanoTime();
            long desiredAt = clock.deadlineAfterMillis(desiredDuration); // LR.2: overflow gives FOREVER
            long actual = copy.live.getExpiration();
            long actualAt = clock.deadlineOfWallTime(actual);
            ClientEntry existing = sets.find(copy.live);
            if (existing != null && existing.setId != setId) {
                throw new IllegalArgumentException("lease is already in another set of this renewal service (set "
                        + existing.setId + "): " + lease);
            }
            if (desiredAt <= now || actualAt < now) {
                // LR.2: a negative desired duration, or a lease expired on arrival, is dropped at once; a
                // failure event exactly when its actual expiration is before its desired expiration.
                Runnable event = actualAt < desiredAt ? () -> state.failureEvent(set, copy.recorded, null, null) : () -> { };
                if (existing == null) {
                    event.run();
                    return Change.answer(null);
                }
                return removal(existing, shown -> {
                    event.run();
                    return null;
                });
            }
            if (existing != null) {
                return durationsChange(existing, desiredAt, renewDuration);
            }
            if (set.entries.size() >= settings.maxLeasesPerSet) {
                throw denied("set " + setId + " is full: max.leases.per.set=" + settings.maxLeasesPerSet);
            }
            if (sets.leaseCount() >= settings.maxLeases) {
                throw denied("renewal service is full: max.leases=" + settings.maxLeases);
            }
            if (set.owner != null && sets.leasesOf(set.owner) >= settings.maxLeasesPerClient) {
                throw quotaDenied("the sets of client " + set.owner + " already hold " + sets.leasesOf(set.owner)
                        + " client leases: max.leases.per.client=" + settings.maxLeasesPerClient
                        + " reached; remove the leases it no longer needs");
            }
            // the recorded form is kept only when it cannot be derived later (heap per client lease)
            ClientEntry entry = new ClientEntry(sets.newKey(), setId, copy.live, copy.derivable ? null : copy.recorded,
                    actual, actual, actualAt, desiredAt, renewDuration);
            sets.add(entry); // found by the decisions after this one (LR.2: one set per lease)
            LeaseChanges.Queued added = changes.added(entry);
            return new Change<Void>() {
                @Override
                public Batch batch() {
                    return state.leaseRecord(entry, copy.recorded);
                }

                @Override
                public Void acknowledged() {
                    changes.acknowledged(added);
                    if (!entry.removed) {
                        scheduler.plan(entry); // renewed when it is due, not at once
                    }
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    undo(added);
                }
            };
        }, null);
    }

    /** LR.2: the original copy stays; only the durations change. Under the lock. */
    private Change<Void> durationsChange(ClientEntry entry, long desiredAt, long renewDuration)
            throws java.rmi.MarshalException {
        long oldDesired = entry.desiredAt;
        long oldRenew = entry.renewDuration;
        entry.desiredAt = desiredAt;
        entry.renewDuration = renewDuration;
        int version = ++entry.version;
        Batch record = state.leaseRecord(entry, state.newestForm(entry));
        LeaseChanges.Queued changed = changes.changed(entry, oldDesired, oldRenew);
        return new Change<Void>() {
            @Override
            public Batch batch() {
                return record;
            }

            @Override
            public Void acknowledged() {
                changes.acknowledged(changed);
                if (!entry.removed && !entry.renewing && entry.version == version) {
                    scheduler.plan(entry);
                }
                return null;
            }

            @Override
            public void failed(StoreException cause) {
                undo(changed);
            }
        };
    }

    /**
     * Under the lock: a queued change of a client lease failed (LR.2: not recorded, so it did not happen); once it is
     * the lease's newest, the lease goes back to the durations of the newest change before it that has not failed,
     * or to those recorded before, or leaves its set if the failed changes added it ({@link LeaseChanges}).
     */
    private void undo(LeaseChanges.Queued failed) {
        long[] durations = new long[2];
        LeaseChanges.Undo undo = changes.failed(failed, durations);
        ClientEntry entry = failed.entry;
        if (undo == LeaseChanges.Undo.NONE || entry.removed) {
            return;
        }
        if (undo == LeaseChanges.Undo.REMOVE) {
            sets.remove(entry);
            return;
        }
        entry.desiredAt = durations[0];
        entry.renewDuration = durations[1];
        entry.version++; // a renewal in flight was asked for the durations taken back
        if (!entry.renewing) {
            scheduler.plan(entry);
        }
    }

    /** The lease as last recorded when it left its set: the recorded form, or the live copy and its expiration. */
    private static final class Shown {
        final Marshalled<Lease> held;
        final Lease live;
        final long recordedExpiration;

        Shown(ClientEntry entry) {
            this.held = entry.held;
            this.live = entry.live;
            this.recordedExpiration = entry.recordedExpiration;
        }
    }

    /**
     * Under the lock: {@code entry} leaves its set (LR.2: never cancelled; a renewal in flight is ignored when it
     * returns); once that is recorded, {@code answer} turns what it showed into the operation's answer. Should the
     * record fail, the entry comes back unless its lease has joined a set again meanwhile.
     */
    private <T> Change<T> removal(ClientEntry entry, java.util.function.Function<Shown, T> answer) {
        sets.remove(entry);
        Shown shown = new Shown(entry);
        Batch deletion = Batch.builder().delete(Records.LEASES, Records.key(entry.key)).build();
        return new Change<T>() {
            @Override
            public Batch batch() {
                return deletion;
            }

            @Override
            public T acknowledged() {
                return answer.apply(shown);
            }

            @Override
            public void failed(StoreException cause) {
                SetState set = sets.get(entry.setId);
                if (set != null && !set.gone() && (entry.live == null || sets.find(entry.live) == null)) {
                    sets.restore(entry);
                    scheduler.plan(entry);
                } else {
                    persistence.writeLater(deletion); // its record must go after all
                }
            }
        };
    }

    /** LR.2: one of this service's set leases; IAE unless it has expired, then dropped like any expired lease. */
    private void renewOwnLease(long setId, Lease lease, long desiredDuration) throws RemoteException {
        persistence.run(() -> {
            SetState set = sets.require(setId);
            if (state.setLeases.get(((LandlordLease) lease).leaseId()) != null) {
                throw new IllegalArgumentException("lease was granted by this renewal service and has not "
                        + "expired: " + lease);
            }
            long desired = Times.saturatedAdd(clock.currentTimeMillis(), desiredDuration);
            if (lease.getExpiration() < desired) {
                // LR.2.1: the event carries the lease to listeners in other JVMs too, so in marshalled form
                Marshalled<Lease> recorded;
                try {
                    recorded = admission.record(lease);
                } catch (IOException e) {
                    recorded = null; // our own lease always marshals; kept in memory only if it ever does not
                }
                state.failureEvent(set, recorded, recorded == null ? lease : null, null);
            }
            return Change.answer(null);
        });
    }

    @Override
    public Lease remove(long setId, Lease lease) throws RemoteException {
        metrics.operations.inc();
        if (lease == null) {
            throw new NullPointerException("leaseToRemove is null");
        }
        Shown shown = persistence.run(() -> {
            sets.require(setId);
            ClientEntry entry = sets.find(lease);
            if (entry == null || entry.setId != setId) {
                return Change.answer(null); // LR.2
            }
            return removal(entry, removed -> removed);
        });
        if (shown == null) {
            return null;
        }
        try {
            // LR.2: as last recorded; derived outside the lock (a renewal in flight changes only the live expiration)
            return admission.read(shown.held != null ? shown.held
                    : admission.recordedForm(shown.live, shown.recordedExpiration));
        } catch (IOException | ClassNotFoundException e) {
            return shown.live;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Marshalled<Lease>[] getLeases(long setId) throws RemoteException {
        metrics.operations.inc();
        Shown[] entries = persistence.run(() -> {
            SetState set = sets.require(setId);
            Shown[] all = new Shown[set.entries.size()];
            int i = 0;
            for (ClientEntry entry : set.entries.values()) {
                all[i++] = new Shown(entry);
            }
            return Change.answer(all);
        });
        // LR.2: each as last recorded; the derived forms are made outside the lock (RecordedForm)
        Marshalled<Lease>[] shown = new Marshalled[entries.length];
        for (int i = 0; i < shown.length; i++) {
            shown[i] = entries[i].held;
            if (shown[i] == null) {
                try {
                    shown[i] = admission.recordedForm(entries[i].live, entries[i].recordedExpiration);
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
        RemoteEventListener copy = admission.listener(listener, marshalled);
        return persistence.run(() -> {
            SetState set = sets.require(setId);
            Registration registration = new Registration(setId, eventId, copy, marshalled, handback, minWarning);
            Batch.Builder batch = Batch.builder().put(Records.LISTENERS, Records.kindKey(setId, eventId),
                    state.records.encodeRegistration(registration));
            if (eventId == LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID) {
                batch.delete(Records.WARNED, Records.key(setId)); // a new listener is warned afresh (install)
            }
            SetProxy source = state.proxyOf(set);
            long seq;
            try {
                seq = state.events.current(source, eventId);
            } catch (IOException e) {
                throw new RemoteException("cannot read the sequence number: " + e.getMessage(), e);
            }
            Batch record = batch.build();
            long ticket = set.changes(eventId).decide();
            return new Change<EventRegistration>() {
                @Override
                public Batch batch() {
                    return record;
                }

                @Override
                public EventRegistration acknowledged() {
                    if (!set.destroyed && set.changes(eventId).show(ticket)) {
                        state.install(set, registration); // the registration takes effect once recorded
                    }
                    // LR.2.1: source = the set, the spec's event id, a lease equal to the set's lease
                    return new EventRegistration(eventId, source, source.getRenewalSetLease(), seq);
                }
            };
        });
    }

    @Override
    public void clearListener(long setId, long eventId) throws RemoteException {
        metrics.operations.inc();
        persistence.run(() -> {
            SetState set = sets.require(setId);
            if (set.registration(eventId) == null) {
                return Change.answer(null); // LR.2.1: acceptable without a registration
            }
            long ticket = set.changes(eventId).decide();
            return new Change<Void>() {
                @Override
                public Batch batch() {
                    return Batch.builder().delete(Records.LISTENERS, Records.kindKey(setId, eventId)).build();
                }

                @Override
                public Void acknowledged() {
                    Registration current = set.registration(eventId);
                    if (!set.destroyed && set.changes(eventId).show(ticket) && current != null) {
                        state.uninstall(set, current);
                    }
                    return null;
                }
            };
        });
    }

    /**
     * {@link WallClockWatch.Restate}: rewrites the records that a step of the wall clock put off their deadlines, so
     * that a restart recovers each at its deadline: the renewal sets' leases ({@code DurableLandlord.restate}; LR.2,
     * LE.2.2) and the client leases in them ({@link RenewalState#restateClientLeases}: renewed in time, leaving their
     * sets at their desired expirations; LR.2).
     *
     * @return the number of records rewritten
     * @throws RemoteException if the store failed to record a set's
     */
    @Override
    public int restate(long toleranceMillis) throws RemoteException {
        // Queued first, in the background: the sets' records, waited for next, are acknowledged after them (S3),
        // so a restatement that returned has the client leases' records durable too (when a set needed one).
        int clientLeases = state.restateClientLeases(toleranceMillis);
        return clientLeases + super.restate(toleranceMillis);
    }

    /** The landlord of the set leases, which answers this backend's {@code Landlord} calls. */
    @Override
    protected DurableLandlord<?> landlord() {
        return landlord;
    }

    private boolean ownLease(Lease lease) {
        return lease instanceof LandlordLease && ((LandlordLease) lease).landlordId().equals(state.identity.id());
    }

    private static ServerException denied(String message) {
        return new ServerException(message, new LeaseDeniedException(message));
    }

    /** A per-client quota refusal: one client may provoke it at will, so it is logged rate-limited. */
    private ServerException quotaDenied(String message) {
        refusals.warn("refused: " + message);
        return denied(message);
    }

    /** Counts for the management view: sets, client leases, scheduled entries. */
    long[] counts() {
        synchronized (lock) {
            return new long[] {sets.setCount(), sets.leaseCount(), scheduler.scheduled()};
        }
    }
}
