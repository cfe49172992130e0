package org.estuary.mailbox.internal;

import java.io.IOException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.InvalidIteratorException;

import org.estuary.core.concurrent.Waits;
import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshalled;
import org.estuary.io.MarshalledBatch;
import org.estuary.io.Marshaller;
import org.estuary.io.RateLimitedLog;
import org.estuary.lease.durable.DurableBackend;
import org.estuary.lease.durable.DurableLandlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.mailbox.proxy.EventBatch;
import org.estuary.mailbox.proxy.EventEnvelope;
import org.estuary.mailbox.proxy.ListenerProxy;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.mailbox.proxy.MailboxProxy;
import org.estuary.mailbox.proxy.RegistrationProxy;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Callers;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath.Change;

/**
 * The event mailbox's backend (EM.3, EM.4.1, EM.6, EM.7.1): the operations of {@code PullEventMailbox},
 * {@code MailboxPullRegistration}, the mailbox listener and the pull iterator over the state {@link MailboxState}
 * owns, plain Java so tests drive it with a {@code ManualClock}. Every client-visible change goes through the
 * state's write path and is durable before the call returns.
 */
final class MailboxService extends DurableBackend implements MailboxBackend, ServiceComponent.Service<MailboxBackend> {

    private static final System.Logger LOG = System.getLogger(MailboxService.class.getName());

    private final MailboxState state;
    private final Object lock;
    private final Settings settings;
    private final MailboxMetrics metrics;
    private final Dispatcher dispatcher;
    private final RegistrationLandlord landlord;
    /** Who calls ({@link Callers#current}): the client whose quota a new registration counts against. */
    private final Supplier<String> callers;
    private final RateLimitedLog refusals = new RateLimitedLog(LOG);

    MailboxService(Clock clock, Marshaller marshaller, Settings settings, EventDelivery delivery) {
        this(clock, marshaller, settings, delivery, Callers::current);
    }

    /** With {@code callers} telling who calls (tests: clients without RMI). */
    MailboxService(Clock clock, Marshaller marshaller, Settings settings, EventDelivery delivery,
            Supplier<String> callers) {
        this.callers = callers;
        this.state = new MailboxState(clock, marshaller, settings);
        this.lock = state.lock;
        this.settings = settings;
        this.metrics = state.metrics;
        this.dispatcher = new Dispatcher(state, delivery);
        state.dispatcher(dispatcher);
        this.landlord = new RegistrationLandlord(state);
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

    /** Rebuilds the state from the store and resumes push delivery; call once before use. */
    @Override
    public void start() throws IOException {
        synchronized (lock) {
            state.identity.identify(new Recovery(state).run(), this);
            for (Registration r : state.registrations.values()) {
                dispatcher.pump(r);
            }
        }
    }

    /** Proxies made from now on call the backend through {@code exported}; null goes back to the in-JVM one. */
    @Override
    public void useReference(BackendRef<MailboxBackend> exported) {
        state.identity.useReference(exported);
    }

    @Override
    public UUID serviceId() {
        return state.identity.id();
    }

    /** The number of registrations and of stored events. */
    long[] counts() {
        return state.read(() -> new long[] {state.registrations.size(),
                state.registrations.values().stream().mapToLong(r -> r.events.size()).sum()});
    }

    MailboxState state() {
        return state;
    }

    void close() {
        state.close();
        state.identity.release();
    }

    /** The service proxy clients get. */
    @Override
    public MailboxProxy proxy() {
        return new MailboxProxy(state.identity.id(), state.identity.reference());
    }

    // ---- EventMailbox, PullEventMailbox ---------------------------------------------------------------------

    @Override
    public RegistrationProxy register(long leaseDuration) throws RemoteException, LeaseDeniedException {
        metrics.operations.inc();
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException( // EM.3, EM.6
                    "leaseDuration must be positive or Lease.ANY: " + leaseDuration);
        }
        String client = callers.get();
        return state.reply(() -> {
            if (state.registrations.size() >= settings.maxRegistrations) {
                throw new LeaseDeniedException("the event mailbox holds max.registrations="
                        + settings.maxRegistrations + " registrations; cancel unused ones or raise the limit");
            }
            if (client != null && state.registrationsOf(client) >= settings.maxRegistrationsPerClient) {
                String message = "client " + client + " already holds " + state.registrationsOf(client)
                        + " registrations: max.registrations.per.client=" + settings.maxRegistrationsPerClient
                        + " reached; cancel the registrations it no longer needs";
                refusals.warn("refused: " + message); // a client provokes it at will
                throw new LeaseDeniedException(message);
            }
            Registration r = new Registration();
            r.owner = client;
            LeaseGrant grant = state.leases.grant(r, leaseDuration); // granted <= requested, under the policy
            r.id = grant.leaseId();
            r.expiration = grant.expiration();
            state.add(r);
            return new Change<RegistrationProxy>() {
                @Override
                public Batch batch() {
                    return state.recordOf(r, Batch.builder()).build();
                }

                @Override
                public RegistrationProxy acknowledged() {
                    return state.proxyOf(r);
                }

                @Override
                public void failed(StoreException cause) {
                    state.leases.remove(r.id);
                    state.remove(r);
                    r.ended = true;
                }
            };
        }, null);
    }

    // ---- the mailbox listener -------------------------------------------------------------------------------

    @Override
    public void store(long registrationId, EventEnvelope envelope) throws RemoteException, UnknownEventException {
        Objects.requireNonNull(envelope, "event");
        UnknownEvent kind = new UnknownEvent(envelope.eventId(), envelope.source());
        // the record does not depend on the arrival number (the key does): written and read back by this
        // service's marshaller before the lock, so concurrent generators do not take turns at it
        byte[] record = state.records.encodeEvent(new StoredEvent(0, kind, envelope.sequenceNumber(),
                envelope.event()));
        try {
            StoredEvent read = state.records.decodeEvent(0, record);
            state.<Void, Exception>reply(() -> {
                Registration r = state.live(registrationId); // EM.4.1: NoSuchObjectException once it ended
                if (r.unknown.contains(kind)) {
                    throw new UnknownEventException("the client of " + r + " does not want events with id "
                            + envelope.eventId() + " from this source (EM.4.1)");
                }
                StoredEvent event = new StoredEvent(r.nextArrival, read.kind, read.sequenceNumber, read.event);
                refuseIfFull(r, event);
                r.nextArrival++;
                r.events.addLast(event);
                r.bytes += event.size;
                state.totalBytes += event.size;
                return new Change<Void>() {
                    @Override
                    public Batch batch() {
                        // arrival numbers only grow (recovery resumes past every stored one): the key is new
                        return Batch.builder().putNew(Records.EVENTS, Records.eventKey(r.id, event.arrival), record)
                                .build();
                    }

                    @Override
                    public Void acknowledged() {
                        event.durable = true;
                        metrics.eventsIn.inc();
                        lock.notifyAll(); // iterators waiting for an event
                        dispatcher.pump(r);
                        return null;
                    }

                    @Override
                    public void failed(StoreException cause) {
                        if (!r.ended) {
                            state.remove(r, event, Batch.builder());
                        }
                    }
                };
            }, null);
        } catch (RemoteException | UnknownEventException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Under the lock: a full registration or mailbox refuses the event with an indefinite RemoteException naming
     * the limit, so the generator retries; nothing stored is dropped or overwritten.
     */
    private void refuseIfFull(Registration r, StoredEvent event) throws RemoteException {
        if (event.size > settings.maxBytesPerRegistration) {
            metrics.eventsRefused.inc();
            throw new IllegalArgumentException("the event (" + event.size + " bytes) is larger than "
                    + "max.bytes.per.registration=" + settings.maxBytesPerRegistration + " of the event mailbox");
        }
        String limit = null;
        if (r.events.size() >= settings.maxEventsPerRegistration) {
            limit = "max.events.per.registration=" + settings.maxEventsPerRegistration;
        } else if (r.bytes + event.size > settings.maxBytesPerRegistration) {
            limit = "max.bytes.per.registration=" + settings.maxBytesPerRegistration + " (it holds " + r.bytes
                    + " bytes)";
        } else if (state.totalBytes + event.size > settings.maxBytesTotal) {
            limit = "max.bytes=" + settings.maxBytesTotal + " (the mailbox holds " + state.totalBytes + " bytes)";
        }
        if (limit == null) {
            return;
        }
        metrics.eventsRefused.inc();
        String message = "event mailbox full: " + r + " holds " + r.events.size() + " events, limit " + limit
                + "; the event was not stored: retry once the client has taken events, or raise the limit";
        if (!r.fullWarned) {
            r.fullWarned = true;
            LOG.log(System.Logger.Level.WARNING, message);
        }
        throw new RemoteException(message);
    }

    // ---- MailboxRegistration ----------------------------------------------------------------------------------

    @Override
    public void enableDelivery(long registrationId, RemoteEventListener target) throws RemoteException {
        metrics.operations.inc();
        if (target == null) {
            disableDelivery(registrationId); // EM.4.1: null disables
            return;
        }
        if (target instanceof ListenerProxy listener && listener.serviceId().equals(state.identity.id())) {
            throw new IllegalArgumentException("the target is a mailbox listener of this same event mailbox ("
                    + target + "), which would make a recursive chain (EM.4.1); give a listener of your own");
        }
        Marshalled<RemoteEventListener> form;
        try {
            form = state.marshaller.marshalled(target);
        } catch (IOException e) {
            throw new MarshalException("the target listener cannot be serialized, so the mailbox cannot keep it "
                    + "across restarts: " + e + " (export it, for example with EstuaryClient.export)", e);
        }
        changeDelivery(registrationId, r -> {
            r.target = target;
            r.targetForm = form;
            r.lastFailure = null;
            r.iteratorOpen = false; // EM.7.1: enabling invalidates every iterator
            r.unknown.clear(); // EM.4.1: cleared upon re-enabling delivery
        });
    }

    @Override
    public void disableDelivery(long registrationId) throws RemoteException {
        metrics.operations.inc();
        changeDelivery(registrationId, r -> {
            r.target = null;
            r.targetForm = null;
        });
    }

    // ---- MailboxPullRegistration, RemoteEventIterator ---------------------------------------------------------

    @Override
    public long newIterator(long registrationId) throws RemoteException {
        metrics.operations.inc();
        return changeDelivery(registrationId, r -> {
            r.target = null; // EM.7.1: getRemoteEvents disables delivery,
            r.targetForm = null;
            r.iteratorSeq++; // invalidates every earlier iterator
            r.iteratorOpen = true;
            r.unknown.clear(); // and clears the unknown-event list
        }).iteratorSeq;
    }

    @Override
    public void addUnknownEvents(long registrationId, long[] eventIds, Marshalled<Object>[] sources)
            throws RemoteException {
        metrics.operations.inc();
        if (eventIds.length != sources.length) {
            throw new IllegalArgumentException("eventIds and sources differ in length");
        }
        Set<UnknownEvent> pairs = new LinkedHashSet<>();
        for (int i = 0; i < eventIds.length; i++) {
            pairs.add(new UnknownEvent(eventIds[i], Objects.requireNonNull(sources[i], "source")));
        }
        state.run(() -> {
            Registration r = state.live(registrationId);
            Set<UnknownEvent> added = new LinkedHashSet<>(pairs);
            added.removeAll(r.unknown);
            if (r.unknown.size() + added.size() > settings.maxUnknownPerRegistration) {
                throw new IllegalArgumentException("the unknown-event list of " + r + " would hold more than "
                        + "max.unknown.per.registration=" + settings.maxUnknownPerRegistration + " pairs");
            }
            r.unknown.addAll(added); // EM.7.1: generators of these get UnknownEventException from now on
            long ticket = r.changes.decide();
            return new Change<Void>() {
                @Override
                public Batch batch() {
                    return state.recordOf(r, Batch.builder()).build();
                }

                @Override
                public Void acknowledged() {
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    if (r.changes.latest(ticket)) {
                        r.unknown.removeAll(added);
                    }
                }
            };
        });
    }

    @Override
    public EventBatch fetch(long registrationId, long iteratorId, long receivedUpTo, long waitMillis,
            boolean joined) throws RemoteException, InvalidIteratorException {
        if (waitMillis < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + waitMillis); // EM.7.1
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (true) {
            Handed handed = take(registrationId, iteratorId, receivedUpTo, false);
            long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (handed.arrivals.length > 0 || remaining <= 0) {
                // outside the lock: joining the events' streams reads all their bytes
                return new EventBatch(handed.arrivals, joined ? MarshalledBatch.join(handed.events)
                        : MarshalledBatch.separate(handed.events));
            }
            Waits.aboutToWait(); // for events: the transport serving this call reads on meanwhile
            synchronized (lock) { // wait for an event, the iterator's end or the registration's
                Registration r = state.registrations.get(registrationId);
                while (r != null && !r.gone() && r.readyHead() == null && r.iteratorOpen
                        && r.iteratorSeq == iteratorId && remaining > 0) {
                    try {
                        lock.wait(remaining);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new RemoteException("interrupted while waiting for events");
                    }
                    remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                }
            }
        }
    }

    @Override
    public void closeIterator(long registrationId, long iteratorId, long receivedUpTo)
            throws RemoteException, InvalidIteratorException {
        take(registrationId, iteratorId, receivedUpTo, true);
    }

    /** The events a transfer hands to an iterator, in arrival order. */
    private record Handed(long[] arrivals, List<Marshalled<RemoteEvent>> events) {
    }

    /**
     * Under the write path: checks that {@code iteratorId} is the registration's valid iterator (EM.7.1), removes
     * the events up to {@code receivedUpTo}, which the iterator has received (durably, before the answer: an event
     * leaves the store only once the client has it), and returns the next batch of stored events, skipping those
     * of unknown pairs; or, for {@code close}, invalidates the iterator.
     */
    private Handed take(long registrationId, long iteratorId, long receivedUpTo, boolean close)
            throws RemoteException, InvalidIteratorException {
        metrics.operations.inc();
        try {
            return state.<Handed, Exception>run(() -> decideTake(registrationId, iteratorId, receivedUpTo, close));
        } catch (RemoteException | InvalidIteratorException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Change<Handed> decideTake(long registrationId, long iteratorId, long receivedUpTo, boolean close)
            throws RemoteException, InvalidIteratorException {
        Registration r = state.live(registrationId);
        if (!r.iteratorOpen || r.iteratorSeq != iteratorId) {
            throw new InvalidIteratorException("iterator " + iteratorId + " of " + r + " is no longer valid: "
                    + "it was closed, a newer iterator was made, or delivery was enabled (EM.7.1)");
        }
        Batch.Builder batch = Batch.builder();
        List<StoredEvent> removed = new ArrayList<>();
        StoredEvent head;
        while ((head = r.readyHead()) != null && head.arrival <= receivedUpTo) {
            state.remove(r, head, batch);
            removed.add(head);
        }
        long receivedBefore = r.receivedUpTo;
        boolean closedBefore = !r.iteratorOpen;
        long ticket = r.changes.decide();
        if (receivedUpTo > r.receivedUpTo) {
            r.receivedUpTo = receivedUpTo; // recorded: arrival numbers never go back below it
            r.nextArrival = Math.max(r.nextArrival, receivedUpTo + 1);
        }
        if (close) {
            r.iteratorOpen = false;
        }
        if (receivedUpTo > receivedBefore || close) {
            state.recordOf(r, batch);
        }
        List<StoredEvent> handed = close ? List.of() : nextBatch(r, batch);
        removed.forEach(event -> metrics.eventsPulled.inc());
        return new Change<Handed>() {
            @Override
            public Batch batch() {
                return batch.size() == 0 ? null : batch.build();
            }

            @Override
            public Handed acknowledged() {
                if (close) {
                    lock.notifyAll();
                }
                long[] arrivals = new long[handed.size()];
                List<Marshalled<RemoteEvent>> events = new ArrayList<>(handed.size());
                for (int i = 0; i < arrivals.length; i++) {
                    arrivals[i] = handed.get(i).arrival;
                    events.add(handed.get(i).event);
                }
                return new Handed(arrivals, events);
            }

            @Override
            public void failed(StoreException cause) {
                if (r.ended) {
                    return;
                }
                for (int i = removed.size() - 1; i >= 0; i--) { // not removed after all
                    StoredEvent event = removed.get(i);
                    r.events.addFirst(event);
                    r.bytes += event.size;
                    state.totalBytes += event.size;
                }
                if (r.changes.latest(ticket)) {
                    r.receivedUpTo = receivedBefore;
                    r.iteratorOpen = !closedBefore;
                }
            }
        };
    }

    /** Under the lock: the durable events the next transfer carries, at most one batch; unknown pairs skipped. */
    private List<StoredEvent> nextBatch(Registration r, Batch.Builder deletions) {
        List<StoredEvent> handed = new ArrayList<>();
        List<StoredEvent> skipped = new ArrayList<>();
        long bytes = 0;
        for (StoredEvent event : r.events) {
            if (!event.durable || handed.size() >= settings.pullBatchEvents
                    || (!handed.isEmpty() && bytes + event.size > settings.pullBatchBytes)) {
                break;
            }
            if (r.unknown.contains(event.kind)) { // EM.7.1: the valid iterator skips unknown pairs
                skipped.add(event);
            } else {
                handed.add(event);
                bytes += event.size;
            }
        }
        for (StoredEvent event : skipped) {
            state.remove(r, event, deletions);
            metrics.eventsSkipped.inc();
        }
        return handed;
    }

    /**
     * Changes a registration's delivery state (target, iterator, unknown list) through the write path; once it is
     * durable, push delivery goes on with the new target, and the call returns only once no attempt for the old
     * target is in flight (EM.4.1, blocking; see {@link Dispatcher#awaitEarlierAttempts}).
     *
     * @return the registration as changed
     */
    private Registration changeDelivery(long registrationId, Consumer<Registration> change) throws RemoteException {
        Registration changed = state.run(() -> {
            Registration r = state.live(registrationId);
            RemoteEventListener target = r.target;
            Marshalled<RemoteEventListener> targetForm = r.targetForm;
            boolean iteratorOpen = r.iteratorOpen;
            List<UnknownEvent> unknown = new ArrayList<>(r.unknown);
            change.accept(r);
            dispatcher.retarget(r);
            long ticket = r.changes.decide();
            return new Change<Registration>() {
                @Override
                public Batch batch() {
                    return state.recordOf(r, Batch.builder()).build();
                }

                @Override
                public Registration acknowledged() {
                    lock.notifyAll(); // iterators waiting: they may be invalid now
                    dispatcher.pump(r);
                    return r;
                }

                @Override
                public void failed(StoreException cause) {
                    if (r.changes.latest(ticket) && !r.ended) {
                        r.target = target;
                        r.targetForm = targetForm;
                        r.iteratorOpen = iteratorOpen;
                        r.unknown.clear();
                        r.unknown.addAll(unknown);
                        dispatcher.retarget(r);
                        dispatcher.pump(r);
                    }
                }
            };
        });
        long generation;
        synchronized (lock) {
            generation = changed.generation;
        }
        dispatcher.awaitEarlierAttempts(changed, generation);
        return changed;
    }

    /** The landlord of the registration leases, which answers this backend's {@code Landlord} calls. */
    @Override
    protected DurableLandlord<?> landlord() {
        return landlord;
    }
}
