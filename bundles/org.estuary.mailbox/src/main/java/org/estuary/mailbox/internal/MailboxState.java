package org.estuary.mailbox.internal;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.mailbox.proxy.RegistrationProxy;
import org.estuary.remote.Callers;
import org.estuary.remote.component.ServiceIdentity;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;

/**
 * The event mailbox's state and its one lock: the registrations with their stored events, the registration leases
 * ({@link LeaseTable}) and the write path to the store. {@link MailboxService} (clients' operations),
 * {@link RegistrationLandlord} (the leases), {@link Dispatcher} (push delivery), {@link Recovery} and the management
 * view change and read the state through this object only, each holding {@link #lock} while it does.
 *
 * <p>Who writes what: every table here and every field of {@link Registration} is written under {@link #lock}
 * (EM.3, EM.6: every operation atomic with respect to the others). Store callbacks never take the lock: what a write
 * shows once durable is applied by the thread that waited for it, under the lock ({@link WritePath}).
 */
final class MailboxState {

    /** How long after a failed copy into a new store the next copy may start (S8). */
    private static final long STORE_RETRY_MILLIS = 1_000;

    final Object lock = new Object();
    final Clock clock;
    final Settings settings;
    final MailboxMetrics metrics = new MailboxMetrics();
    /** Reads what clients and generators sent: targets, and events for push delivery, through the allowlist. */
    final Marshaller marshaller;
    final Records records;
    /** The live registrations by id, in id order (the management view pages through it). */
    final java.util.NavigableMap<Long, Registration> registrations = new java.util.TreeMap<>();
    /** The registration leases, by registration id; their expiry and cancellation end the registration. */
    final LeaseTable<Registration> leases;
    final BoundStore store;
    private final WritePath path;
    /** The bytes of every stored event, against max.bytes. */
    long totalBytes;
    /** The live registrations of each client ({@link Registration#owner}). */
    private final Callers.Counts perClient = new Callers.Counts();
    /** Records recovery could not read, by space then key: kept in the store and carried into a new one (S8). */
    final Map<String, Map<String, byte[]>> unreadable = new ConcurrentHashMap<>();
    /** Told when a registration ends, to stop its deliveries; set once before use. */
    private Dispatcher dispatcher;
    /** The service's id, set in recovery under the lock, and how proxies reach the backend. */
    final ServiceIdentity<MailboxBackend> identity = new ServiceIdentity<>(MailboxBackend.class);

    MailboxState(Clock clock, Marshaller marshaller, Settings settings) {
        this.clock = clock;
        this.settings = settings;
        this.marshaller = marshaller;
        this.records = new Records(marshaller);
        this.store = new BoundStore("event mailbox", Records.SERVICE, lock, this::snapshot,
                settings.writeTimeoutMillis, STORE_RETRY_MILLIS);
        this.path = new WritePath("event mailbox", lock, store, settings.writeTimeoutMillis);
        this.leases = new LeaseTable<>(clock, settings.leasePolicy, settings.maxRegistrations,
                new LeaseListener<>() {
                    @Override
                    public void expired(long id, Registration registration) {
                        end(registration, false); // EM.3: the registration lasts until its lease ends
                    }

                    @Override
                    public void cancelled(long id, Registration registration) {
                        end(registration, true);
                    }
                });
    }

    void dispatcher(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    RegistrationProxy proxyOf(Registration r) {
        MailboxBackend backend = identity.reference();
        UUID serviceId = identity.id();
        return new RegistrationProxy(serviceId, r.id, backend,
                LandlordLease.create(backend, serviceId, r.id, r.expiration, clock));
    }

    /**
     * Under the lock: the registration {@code id}, if clients may still use it.
     *
     * @throws NoSuchObjectException if it has ended or is being cancelled (EM.4, EM.7)
     */
    Registration live(long id) throws NoSuchObjectException {
        Registration r = registrations.get(id);
        if (r == null || r.gone()) {
            throw new NoSuchObjectException("mailbox registration " + Long.toUnsignedString(id)
                    + " no longer exists: its lease ended or was cancelled");
        }
        return r;
    }

    /**
     * Runs one client operation through the write path: decided under the lock, its batch durable before the
     * answer.
     *
     * @throws X if the decision refused the operation
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    <T, X extends Exception> T run(WritePath.Decide<T, X> decide) throws X, RemoteException {
        return metrics.storeWrites.call(path, decide);
    }

    /**
     * {@link #run} for a client's call that ends with it and returns its answer as is ({@link WritePath#reply}): its
     * answer may be sent later, once durable, while this returns {@code unsent}.
     */
    <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
        return metrics.storeWrites.reply(path, decide, unsent);
    }

    /**
     * Queues {@code batch} without waiting (under the lock): for what nobody waits for (a delivered event's
     * deletion, an expired registration). Lost only with a crash before it is durable: then an event is delivered
     * once more, never lost.
     */
    void writeLater(Batch batch) {
        if (!batch.isEmpty()) {
            path.submitInBackground(batch, () -> { });
        }
    }

    /**
     * Under the lock: the record of {@code r} as it is now, with its lease's newest decided expiration: a renewal
     * still on its way to the store must not be taken back by another change's record (or by a copy, S8).
     */
    Batch.Builder recordOf(Registration r, Batch.Builder batch) {
        long expiration = r.expiration;
        try {
            if (leases.get(r.id) != null) {
                expiration = leases.expiration(r.id);
            }
        } catch (net.jini.core.lease.UnknownLeaseException ended) {
            // ended meanwhile: the shown expiration is the last one
        }
        return batch.put(Records.REGISTRATIONS, Records.key(r.id), records.encodeRegistration(r, expiration));
    }

    /** Under the lock: takes {@code event} out of {@code r}, adding the deletion of its record to {@code deletes}. */
    void remove(Registration r, StoredEvent event, Batch.Builder deletes) {
        if (r.events.peekFirst() == event) {
            r.events.pollFirst();
        } else if (!r.events.remove(event)) {
            return;
        }
        r.bytes -= event.size;
        totalBytes -= event.size;
        r.fullWarned = false;
        deletes.delete(Records.EVENTS, Records.eventKey(r.id, event.arrival));
    }

    /** The batch that deletes every record of {@code r}. */
    Batch deletion(Registration r) {
        Batch.Builder batch = Batch.builder().delete(Records.REGISTRATIONS, Records.key(r.id));
        for (StoredEvent event : r.events) {
            batch.delete(Records.EVENTS, Records.eventKey(r.id, event.arrival));
        }
        return batch.build();
    }

    /** The registration's lease ended (EM.3): its events go, its listener answers NoSuchObjectException. */
    private void end(Registration r, boolean alreadyDeleted) {
        synchronized (lock) {
            if (r.ended) {
                return;
            }
            if (!alreadyDeleted) {
                writeLater(deletion(r));
            }
            r.ended = true;
            remove(r);
            totalBytes -= r.bytes;
            dispatcher.end(r);
            lock.notifyAll(); // iterators waiting for events of this registration
        }
    }

    /** Runs {@code read} under the lock: the management view's way in. */
    <T> T read(Supplier<T> read) {
        synchronized (lock) {
            return read.get();
        }
    }

    /**
     * S8: the whole state as one batch for a new store, built from memory under the lock: it clears the
     * mailbox's spaces and puts the service id, every registration and every stored event, and the records recovery
     * could not read.
     */
    private Batch snapshot() {
        Batch.Builder batch = Batch.builder();
        for (String space : Records.SPACES) {
            batch.clear(space);
        }
        ServiceIdRecord.put(batch, Records.SERVICE, identity.id());
        for (Registration r : registrations.values()) {
            recordOf(r, batch);
            for (StoredEvent event : r.events) {
                batch.put(Records.EVENTS, Records.eventKey(r.id, event.arrival), records.encodeEvent(event));
            }
        }
        unreadable.forEach((space, kept) -> kept.forEach((key, value) -> batch.put(space, key, value)));
        return batch.build();
    }

    void close() {
        leases.close();
    }

    /** Under the lock: {@code r} is live from now on, counted against its client's quota. */
    void add(Registration r) {
        registrations.put(r.id, r);
        perClient.add(r.owner, 1);
    }

    /** Under the lock: {@code r} is no longer live. */
    void remove(Registration r) {
        if (registrations.remove(r.id, r)) {
            perClient.add(r.owner, -1);
        }
    }

    /** Under the lock: the live registrations of {@code client}. */
    int registrationsOf(String client) {
        return perClient.of(client);
    }
}
