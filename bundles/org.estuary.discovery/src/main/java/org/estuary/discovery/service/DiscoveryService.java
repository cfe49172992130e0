package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.core.lookup.ServiceID;

import org.estuary.core.time.Clock;
import org.estuary.discovery.proxy.DiscoveryBackend;
import org.estuary.discovery.proxy.LookupDiscoveryProxy;
import org.estuary.discovery.proxy.RegistrationProxy;
import org.estuary.discovery.tracking.DiscoveryCore;
import org.estuary.discovery.tracking.Interest;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.RegistrarTracker;
import org.estuary.discovery.tracking.Registrations;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.event.SequenceNumbers;
import org.estuary.event.StoredHighWaterMark;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.RateLimitedLog;
import org.estuary.lease.durable.DurableLandlord;
import org.estuary.lease.durable.DurableBackend;
import org.estuary.lease.durable.LeasedResource;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.estuary.management.Page;
import org.estuary.management.Pages;
import org.estuary.remote.BackendRef;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.remote.component.ServiceIdentity;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;

/**
 * The lookup discovery service (LD): registrations granted under a lease ({@link LeaseTable}), each change durable
 * through the {@link WritePath} before the call returns, rebuilt from the store on {@link #start}, joined to
 * discovery by a {@link DiscoveryCore} whose notices the {@link Notifier} numbers and delivers. Plain Java, so tests
 * drive it with a manual clock and any store.
 *
 * <p>Locks: the service's lock, then the core's. A registration enters and leaves the core under the service's lock
 * (once its record is durable; when its lease ends), so the two never disagree about it. The core's notices reach
 * the notifier outside both ({@link DiscoveryCore#flush} once the lock is released; it reads the registrations from
 * a concurrent map), so discovery threads never wait for the service's lock to send.
 */
final class DiscoveryService extends DurableBackend implements DiscoveryBackend, ServiceComponent.Service<DiscoveryBackend> {

    private static final System.Logger LOG = System.getLogger(DiscoveryService.class.getName());
    private static final long STORE_RETRY_MILLIS = 1_000;

    /** A live registration: its record as last made durable, its listener, and whether it has ended. */
    private static final class Live extends LeasedResource {
        long id;
        volatile Registration record;
        volatile RemoteEventListener listener;
        volatile boolean ended;
        /**
         * The newest decided interest, what the next change starts from and every write of the registration carries
         * (the record shows the acknowledged one); guarded by the service's lock.
         */
        Interest decided;
        /** The order of the changes of its interest: an older acknowledgement never shows over a newer one. */
        final WritePath.Ticket changes = new WritePath.Ticket();

        Live() {
        }

        Live(Registration record) {
            this.id = record.id();
            this.record = record;
            this.decided = record.interest();
        }

        @Override
        protected boolean ended() {
            return ended;
        }
    }

    private final Object lock = new Object();
    /** The registrations refused for a limit: a client provokes them at will. */
    private final RateLimitedLog refusals = new RateLimitedLog(LOG);
    private final Clock clock;
    private final Marshaller marshaller;
    private final Settings settings;
    private final Records records;
    private final BoundStore store;
    private final WritePath path;
    private final LeaseTable<Live> leases;
    private final ConcurrentSkipListMap<Long, Live> registrations = new ConcurrentSkipListMap<>();
    private final DiscoveryMetrics metrics = new DiscoveryMetrics();
    private final StoredHighWaterMark marks;
    private final Notifier notifier;
    private final DiscoveryCore<Long> core;
    private final RegistrationLandlord landlord;
    /** The service's id, set in recovery under the lock, and how proxies reach the backend. */
    private final ServiceIdentity<DiscoveryBackend> identity = new ServiceIdentity<>(DiscoveryBackend.class);

    /**
     * @param clock the clock of leases and retries
     * @param marshaller reads and writes the listeners
     * @param settings the bounds
     * @param delivery sends the events; its per-lane bound is each registration's event queue
     */
    DiscoveryService(Clock clock, Marshaller marshaller, Settings settings, EventDelivery delivery) {
        this.clock = clock;
        this.marshaller = marshaller;
        this.settings = settings;
        this.records = new Records(marshaller);
        this.store = new BoundStore("lookup discovery service", Records.SERVICE, lock, this::snapshot,
                settings.writeTimeoutMillis, STORE_RETRY_MILLIS);
        this.path = new WritePath("lookup discovery service", lock, store, settings.writeTimeoutMillis);
        this.marks = new StoredHighWaterMark(Records.SEQUENCES, kind -> Records.key(kind.eventId()),
                this::writeNow, (batch, onDurable) -> path.submitInBackground(batch, onDurable));
        this.notifier = new Notifier(delivery, new SequenceNumbers(marks, settings.sequenceBlock,
                Math.max(2, settings.maxRegistrations * 2)), this::refused, metrics);
        this.core = new DiscoveryCore<>(this::send);
        this.leases = new LeaseTable<>(clock, settings.leasePolicy, settings.maxRegistrations,
                new LeaseListener<>() {
                    @Override
                    public void expired(long id, Live live) {
                        end(live, false); // LD.3.1: the registration lasts until its lease ends
                    }

                    @Override
                    public void cancelled(long id, Live live) {
                        end(live, true);
                    }
                });
        this.landlord = new RegistrationLandlord();
    }

    /** DS bind of the store reference: a store that replaces the current one gets a copy of the state (S8). */
    @Override
    public boolean bindStore(Store bound) {
        return store.bind(bound);
    }

    @Override
    public void unbindStore(Store unbound) {
        store.unbind(unbound);
    }

    /** Discovery's reports go here: the tracker's listener. */
    RegistrarTracker.Listener discoveryListener() {
        return core;
    }

    /** The tracker the registrations' interests are sought by; attached before {@link #start}. */
    void attach(RegistrarTracker tracker) {
        core.attach(tracker);
    }

    /** Rebuilds the registrations from the store; call once, after {@link #attach}, before use. */
    @Override
    public void start() throws IOException {
        List<Live> recovered = new ArrayList<>();
        synchronized (lock) {
            try {
                Store adopted = store.adopt();
                identity.identify(ServiceIdRecord.recover("lookup discovery service", adopted, Records.SERVICE,
                        settings.writeTimeoutMillis), this);
                marks.recover(adopted, (key, value) -> LOG.log(System.Logger.Level.WARNING,
                        "lookup discovery service: sequence record " + key + " does not parse; it is kept"));
                adopted.scan(Records.REGISTRATIONS, (key, value) -> {
                    try {
                        recovered.add(new Live(records.decode(Long.parseLong(key), value)));
                    } catch (IOException | RuntimeException e) {
                        LOG.log(System.Logger.Level.WARNING, "lookup discovery service: registration record " + key
                                + " does not parse (" + e + "); it is kept in the store");
                    }
                });
            } catch (StoreException e) {
                throw new IOException("lookup discovery service cannot read its store: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the lookup discovery service recovered", e);
            }
            for (Live live : recovered) {
                live.listener = listenerOf(live.record);
                registrations.put(live.id, live);
                try {
                    leases.restore(live.id, live, live.record.expiration()); // overdue: ends through the listener
                } catch (LeaseDeniedException | IllegalArgumentException e) {
                    LOG.log(System.Logger.Level.WARNING, "lookup discovery service: registration " + live.id
                            + " cannot be restored: " + e);
                }
            }
        }
        for (Live live : recovered) {
            if (!live.ended) {
                notifier.prepare(proxy(), live.id, marks);
                core.register(live.id, live.record.interest());
            }
        }
        core.flush();
    }

    @Override
    public UUID serviceId() {
        return identity.id();
    }

    @Override
    public void useReference(BackendRef<DiscoveryBackend> exported) {
        identity.useReference(exported);
    }

    /** The service proxy clients get, which is also the source of every event. */
    @Override
    public LookupDiscoveryProxy proxy() {
        return new LookupDiscoveryProxy(identity.id(), identity.reference());
    }

    /** The number of live registrations. */
    int size() {
        return registrations.size();
    }

    /** The service's metrics ({@code DiscoveryAdmin.metrics}). */
    Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /** Shows a registration to operators. */
    interface Row<T> {
        /**
         * @param record the registration as last made durable
         * @param listener its listener, null if it could not be read back from its record
         * @param registrars how many lookup services it was told of and not of their discard
         */
        T of(Registration record, RemoteEventListener listener, int registrars);
    }

    /**
     * A page of the live registrations in id order for operators, read under the service's lock.
     *
     * @param after the id of the previous page's last registration, or null to count to {@code offset}
     * @throws IllegalArgumentException as {@link Pages#check}
     */
    <T> Page<T> registrations(long offset, int limit, Long after, Row<T> convert) {
        synchronized (lock) {
            Function<Live, T> row = live -> convert.of(live.record, live.listener,
                    core.discovered(live.id).size());
            return after == null ? Pages.at(registrations, offset, limit, row)
                    : Pages.after(registrations, after, offset, limit, row);
        }
    }

    void close() {
        leases.close();
        identity.release();
    }

    // ---- LookupDiscoveryService ----------------------------------------------------------------------------

    @Override
    public RegistrationProxy register(String[] groups, LookupLocator[] locators, RemoteEventListener listener,
            MarshalledObject<?> handback, long leaseDuration) throws RemoteException {
        Interest interest = Interest.register(groups, locators); // LD.3.1: NullPointerException for null elements
        if (listener == null) {
            throw new NullPointerException("listener is null: give the RemoteEventListener the events are sent to");
        }
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException(
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        checkBounds(interest);
        Marshalled<RemoteEventListener> form;
        try {
            form = marshaller.marshalled(listener);
        } catch (IOException e) {
            throw new IllegalArgumentException("the listener cannot be serialized (" + e
                    + "); give an exported remote object or a serializable listener", e);
        }
        return path.<Created, RegistrationProxy, RemoteException>reply(() -> {
            if (registrations.size() >= settings.maxRegistrations) {
                throw refused(new RemoteException("the lookup discovery service holds max.registrations="
                        + settings.maxRegistrations + " registrations; cancel unused ones or raise the limit"));
            }
            Live live = new Live();
            LeaseGrant grant;
            try {
                grant = leases.grant(live, leaseDuration); // granted <= requested, under the policy
            } catch (LeaseDeniedException e) {
                throw new RemoteException("registration refused: " + e.getMessage(), e);
            }
            live.id = grant.leaseId();
            live.record = new Registration(grant.leaseId(), grant.expiration(), interest, form, handback);
            live.decided = interest;
            live.listener = listener;
            registrations.put(live.id, live);
            Batch.Builder record = Batch.builder().put(Records.REGISTRATIONS, Records.key(live.id),
                    Records.encode(live.record));
            // Its first sequence numbers go into its record's batch (S1: durable together, one sync per call), so
            // the first event, sent before this call returns, waits for no reservation of its own (LD.3.2).
            StoredHighWaterMark.Joined firstNumbers = marks.joining(record);
            notifier.prepare(proxy(), live.id, firstNumbers);
            Batch batch = record.build();
            return new WritePath.Change<Created>() {
                @Override
                public Batch batch() {
                    return batch;
                }

                /**
                 * Under the service's lock, in the order of its other decisions: a lease that ended while the write
                 * was in flight leaves nothing sought, and the core knows the registration before any report of
                 * discovery after this point, so none is missed. The number the registration starts from is read
                 * before any of its events is numbered (LD.3.1).
                 */
                @Override
                public Created acknowledged() {
                    firstNumbers.acknowledged();
                    metrics.registrationsGranted.inc();
                    long seq = 0;
                    if (!live.ended) {
                        try {
                            seq = notifier.current(proxy(), live.id);
                        } catch (IOException e) {
                            seq = 0;
                        }
                        core.register(live.id, interest);
                    }
                    return new Created(live, seq);
                }

                @Override
                public void failed(StoreException cause) {
                    live.ended = true;
                    leases.remove(live.id);
                    registrations.remove(live.id);
                    firstNumbers.failed();
                    notifier.ended(proxy(), live.id);
                }
            };
        }, this::registered, null);
    }

    /** Once a registration is durable: its first event queued, then the client's proxy of it. */
    private RegistrationProxy registered(Created created) {
        core.flush(); // the first event: the lookup services already known that it seeks (LD.3.2)
        Live live = created.live();
        DiscoveryBackend ref = identity.reference();
        UUID serviceId = identity.id();
        Lease lease = LandlordLease.create(ref, serviceId, live.id, live.record.expiration(), clock);
        return new RegistrationProxy(serviceId, live.id, ref, new EventRegistration(live.id, proxy(), lease,
                created.sequence()));
    }

    /** A registration made durable, and the sequence number its events start after. */
    private record Created(Live live, long sequence) {
    }

    // ---- LookupDiscoveryRegistration ---------------------------------------------------------------------

    @Override
    public List<MarshalledObject<?>> registrars(long registrationId) throws RemoteException {
        live(registrationId);
        List<MarshalledObject<?>> proxies = new ArrayList<>();
        for (Registrar r : core.discovered(registrationId)) {
            proxies.add(r.proxy());
        }
        // the events of what the answer shows are queued for the listener before it returns (LD.4.1.1, LD.4.2)
        core.flush();
        return proxies;
    }

    @Override
    public String[] groups(long registrationId) throws RemoteException {
        return live(registrationId).record.interest().groupsArray();
    }

    @Override
    public LookupLocator[] locators(long registrationId) throws RemoteException {
        return live(registrationId).record.interest().locatorsArray();
    }

    @Override
    public void addGroups(long registrationId, String[] groups) throws RemoteException {
        change(registrationId, i -> i.addGroups(groups));
    }

    @Override
    public void setGroups(long registrationId, String[] groups) throws RemoteException {
        change(registrationId, i -> i.setGroups(groups));
    }

    @Override
    public void removeGroups(long registrationId, String[] groups) throws RemoteException {
        change(registrationId, i -> i.removeGroups(groups));
    }

    @Override
    public void addLocators(long registrationId, LookupLocator[] locators) throws RemoteException {
        change(registrationId, i -> i.addLocators(locators));
    }

    @Override
    public void setLocators(long registrationId, LookupLocator[] locators) throws RemoteException {
        change(registrationId, i -> i.setLocators(locators));
    }

    @Override
    public void removeLocators(long registrationId, LookupLocator[] locators) throws RemoteException {
        change(registrationId, i -> i.removeLocators(locators));
    }

    @Override
    public void discard(long registrationId, ServiceID registrar) throws RemoteException {
        if (registrar == null) {
            throw new NullPointerException("registrar is null");
        }
        live(registrationId);
        core.discard(registrationId, registrar);
    }

    // ---- Landlord --------------------------------------------------------------------------------------------

    /** The landlord of the registration leases, which answers this backend's {@code Landlord} calls. */
    @Override
    protected DurableLandlord<?> landlord() {
        return landlord;
    }

    /**
     * The landlord of the registration leases (LE, LD.4.1) through the service's write path: a renewal is shown (the
     * registration's record) once durable; cancelling the lease ends the registration once its deletion is.
     */
    private final class RegistrationLandlord extends DurableLandlord<Live> {

        RegistrationLandlord() {
            super("discovery registration", leases, clock);
        }

        @Override
        protected <T, X extends Exception> T call(WritePath.Decide<T, X> decide) throws X, RemoteException {
            return path.call(decide);
        }

        @Override
        protected <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
            return path.reply(decide, unsent);
        }

        @Override
        protected long expiration(Live live) {
            return live.record.expiration();
        }

        @Override
        protected Batch renewal(Live live, long expiration) {
            // with the newest decided interest: a change still in flight must not be overwritten by an older one
            return Batch.builder().put(Records.REGISTRATIONS, Records.key(live.id),
                    Records.encode(live.record.withInterest(live.decided).withExpiration(expiration))).build();
        }

        @Override
        protected void show(Live live, long expiration) {
            live.record = live.record.withExpiration(expiration);
        }

        @Override
        protected Batch deletion(Live live) {
            return DiscoveryService.this.deletion(live.id);
        }
    }

    // ---- inside ----------------------------------------------------------------------------------------------

    /** LD.4.1.1: a mutator, refused (nothing changed) or applied once durable, its notices sent after. */
    private void change(long registrationId, UnaryOperator<Interest> mutator) throws RemoteException {
        path.<Void, Void, RemoteException>reply(() -> {
            Live live = live(registrationId);
            // from the newest decided interest, not the acknowledged one: two changes in flight both count
            Interest before = live.decided;
            Interest after = mutator.apply(before); // NullPointerException, Unsupported...
            checkBounds(after);
            live.decided = after;
            long ticket = live.changes.decide();
            // with the lease's newest decided expiration: a renewal still in flight must not be taken back
            Registration changed = live.record.withInterest(after).withExpiration(decidedExpiration(live));
            return new WritePath.Change<Void>() {
                @Override
                public Batch batch() {
                    return Batch.builder().put(Records.REGISTRATIONS, Records.key(registrationId),
                            Records.encode(changed)).build();
                }

                @Override
                public Void acknowledged() {
                    if (!live.changes.show(ticket)) {
                        return null; // a later change, which holds this one, is shown already
                    }
                    live.record = live.record.withInterest(after);
                    if (!live.ended) { // the lease may have ended while the write was in flight
                        core.change(registrationId, i -> after); // under the service's lock
                    }
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    if (live.changes.latest(ticket)) { // no later change was decided on top of this one
                        live.decided = before;
                    }
                }
            };
        }, changed -> {
            core.flush(); // its notices (LD.4.1.1)
            return null;
        }, null);
    }

    /** Under the lock: the expiration of {@code live}'s lease as last decided, else as last shown. */
    private long decidedExpiration(Live live) {
        try {
            if (leases.get(live.id) == live) {
                return leases.expiration(live.id);
            }
        } catch (UnknownLeaseException ended) {
            // ended meanwhile: the shown expiration is the last one
        }
        return live.record.expiration();
    }

    private void checkBounds(Interest interest) {
        if (interest.groups() != null && interest.groups().size() > settings.maxGroups) {
            throw refused(new IllegalArgumentException(interest.groups().size() + " groups exceed "
                    + "max.groups.per.registration=" + settings.maxGroups + "; ask for fewer or raise the limit"));
        }
        if (interest.locators().size() > settings.maxLocators) {
            throw refused(new IllegalArgumentException(interest.locators().size() + " locators exceed "
                    + "max.locators.per.registration=" + settings.maxLocators + "; ask for fewer or raise the limit"));
        }
    }

    /** {@code refusal}, logged (a WARN line a second at most) before the client hears it. */
    private <E extends Exception> E refused(E refusal) {
        refusals.warn("lookup discovery service refused: " + refusal.getMessage());
        return refusal;
    }

    /** The core's notices, outside every lock of the service's: numbered and queued per registration. */
    private void send(List<Registrations.Notice<Long>> notices) {
        LookupDiscoveryProxy source = proxy();
        for (Registrations.Notice<Long> notice : notices) {
            Live live = registrations.get(notice.registration());
            if (live == null || live.ended || live.listener == null) {
                continue;
            }
            notifier.send(source, live.record, live.listener, governing(live), notice);
        }
    }

    /** Deliveries end with the registration's lease, at its deadline on monotonic time (LE.2.2). */
    private GoverningLease governing(Live live) {
        return () -> live.ended ? Long.MIN_VALUE : leases.deadline(live.id);
    }

    /** LD.3.2: the listener answered UnknownEventException or failed definitely: the registration is cancelled. */
    private void refused(long registrationId, String reason) {
        synchronized (lock) {
            Live live = registrations.get(registrationId);
            if (live == null || live.ended) {
                return;
            }
            LOG.log(System.Logger.Level.INFO, "lookup discovery service cancels registration " + registrationId
                    + ": " + reason);
            metrics.listenersRefused.inc();
            try {
                leases.cancel(registrationId);
            } catch (UnknownLeaseException endedMeanwhile) {
                // ended already
            }
            path.submitInBackground(deletion(registrationId), () -> { });
        }
    }

    /** The registration's lease ended: it is forgotten, its events dropped, its records deleted. */
    private void end(Live live, boolean alreadyDeleted) {
        synchronized (lock) {
            if (live.ended) {
                return;
            }
            live.ended = true;
            registrations.remove(live.id);
            if (!alreadyDeleted) {
                path.submitInBackground(deletion(live.id), () -> { });
            }
            core.remove(live.id); // under the lock, so a registration still being written is never sought after
        }
        notifier.ended(proxy(), live.id);
    }

    private Batch deletion(long id) {
        return Batch.builder().delete(Records.REGISTRATIONS, Records.key(id)).delete(Records.SEQUENCES,
                Records.key(id)).build();
    }

    /** @throws NoSuchObjectException LD.4.1: once the registration's lease has ended */
    private Live live(long id) throws NoSuchObjectException {
        Live live = registrations.get(id);
        if (live == null || live.gone()) {
            throw new NoSuchObjectException("discovery registration " + Long.toUnsignedString(id)
                    + " no longer exists: its lease ended or was cancelled");
        }
        return live;
    }

    private RemoteEventListener listenerOf(Registration r) {
        try {
            return marshaller.unmarshal(r.listener());
        } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "lookup discovery service: the listener of registration " + r.id()
                    + " cannot be read back (" + e + "); it gets no events until its lease ends");
            return null;
        }
    }

    private void writeNow(Batch batch) throws IOException {
        try {
            store.current().applyAndWait(batch, settings.writeTimeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            throw new IOException("cannot reserve event sequence numbers: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reserving event sequence numbers", e);
        }
    }


    /** S8: the whole state as one batch for a new store. */
    private Batch snapshot() {
        Batch.Builder batch = Batch.builder();
        batch.clear(Records.SERVICE).clear(Records.REGISTRATIONS).clear(Records.SEQUENCES);
        ServiceIdRecord.put(batch, Records.SERVICE, identity.id());
        for (Live live : registrations.values()) {
            batch.put(Records.REGISTRATIONS, Records.key(live.id), Records.encode(live.record));
        }
        marks.snapshotInto(batch);
        return batch.build();
    }
}
