package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.discovery.protocol.UnicastResponse;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Operation;
import org.estuary.store.api.testing.InterceptedStore;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code register} while its record is being written: the registration joins discovery in the order of the
 * service's other decisions, so a lease that ends meanwhile leaves nothing sought, and its first event is numbered
 * after the sequence number its registration carries (LD.3.1, LD.3.2).
 */
class RegisterRacesTest {

    /** Forwards batches to a memory store; while closed, keeps them until it opens. */
    private static final class GatedStore extends InterceptedStore {
        private final List<Runnable> held = new ArrayList<>();
        private boolean closed;
        private final List<Batch> applied = new ArrayList<>();

        GatedStore() {
            super(MemoryStores.open());
        }

        synchronized void close() {
            closed = true;
        }

        synchronized int held() {
            return held.size();
        }

        synchronized List<Batch> applied() {
            return List.copyOf(applied);
        }

        void open() {
            List<Runnable> release;
            synchronized (this) {
                closed = false;
                release = List.copyOf(held);
                held.clear();
            }
            release.forEach(Runnable::run);
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            synchronized (this) {
                applied.add(batch);
                if (closed) {
                    CompletableFuture<Void> stage = new CompletableFuture<>();
                    held.add(() -> forward(batch, stage));
                    return stage;
                }
            }
            return delegate.apply(batch);
        }
    }

    private static final class Listener implements RemoteEventListener, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        final transient BlockingQueue<RemoteDiscoveryEvent> events = new LinkedBlockingQueue<>();

        @Override
        public void notify(RemoteEvent event) {
            events.add((RemoteDiscoveryEvent) event);
        }
    }

    private final GatedStore store = new GatedStore();
    private final ExecutorService client = Executors.newSingleThreadExecutor();

    private final Harness harness = new Harness(store, Harness.scripted());

    @AfterEach
    void close() {
        store.open();
        client.shutdownNow();
        harness.close();
    }

    /** Waits, bounded, until the store holds the register's batch. */
    private void awaitHeld() throws InterruptedException {
        awaitHeld(1);
    }

    /** Waits, bounded, until the store holds {@code batches} batches. */
    private void awaitHeld(int batches) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (store.held() < batches) {
            assertTrue(System.nanoTime() < deadline, "the store was given " + store.held() + " of " + batches
                    + " batches within 20 s");
            Thread.sleep(5);
        }
    }

    /** A started service that knows lookup service 7 of group g, of which a first registration has heard. */
    private DiscoveryService startKnowingALookup() throws Exception {
        DiscoveryService service = harness.start();
        Listener earlier = new Listener();
        service.register(new String[] {"g"}, null, earlier, null, 60_000);
        StubRegistrar lookup = new StubRegistrar(7, "g");
        harness.tracker().responded(null, new UnicastResponse(new MarshalledObject<>(lookup), List.of("g")));
        assertNotNull(earlier.events.poll(20, TimeUnit.SECONDS), "the first registration hears of the lookup");
        return service;
    }

    /** LD.3.2: the registration's first event names the lookup service already known, after its number. */
    private static void assertFirstEventFollows(Listener listener, LookupDiscoveryRegistration r) throws Exception {
        RemoteDiscoveryEvent first = listener.events.poll(20, TimeUnit.SECONDS);
        assertNotNull(first, "the registration hears of the lookup service already known");
        assertTrue(first.getSequenceNumber() > r.getEventRegistration().getSequenceNumber(),
                first.getSequenceNumber() + " > " + r.getEventRegistration().getSequenceNumber());
    }

    // LD.3.1, LD.3.2: register answers once its record is durable, and its first event (the lookup services already
    // known) is numbered from a block recorded in the same batch as the registration (S1: durable together): its
    // call waits for one write, and the first event for none of its own.
    @Test
    void theFirstNumbersAreRecordedInTheRegistrationsBatch() throws Exception {
        DiscoveryService service = startKnowingALookup();
        store.close();
        int before = store.applied().size();
        Listener listener = new Listener();
        Future<LookupDiscoveryRegistration> registered = client.submit(() -> service.register(new String[] {"g"},
                null, listener, null, 60_000));
        awaitHeld();
        store.open();
        assertFirstEventFollows(listener, registered.get(20, TimeUnit.SECONDS));
        List<Batch> written = store.applied().subList(before, store.applied().size());
        assertEquals(1, written.size(), "one batch per register: " + written);
        assertEquals(java.util.Set.of(Records.REGISTRATIONS, Records.SEQUENCES), written.get(0).operations().stream()
                .map(Operation::space).collect(java.util.stream.Collectors.toSet()), "the record and its numbers");
    }

    // LD.3.1: a registration lasts until its lease ends; one that ended while its record was written seeks nothing.
    @Test
    void aLeaseThatEndsWhileTheRecordIsWrittenLeavesNothingSought() throws Exception {
        DiscoveryService service = harness.start();
        store.close();
        Future<LookupDiscoveryRegistration> registered = client.submit(() -> service.register(new String[] {"g"},
                null, new Listener(), null, 1_000));
        awaitHeld();
        harness.clock.advance(2_000, TimeUnit.MILLISECONDS); // the lease ends before the record is acknowledged
        store.open();
        assertNotNull(registered.get(20, TimeUnit.SECONDS));
        assertEquals(Set.of(), harness.tracker().groups(), "no registration is left to seek group g");
        assertEquals(0, service.size());
    }

    // LD.3.2: the first event, naming the lookup services already known, follows the registration's number.
    @Test
    void theFirstEventIsNumberedAfterTheRegistration() throws Exception {
        DiscoveryService service = startKnowingALookup();
        Listener later = new Listener();
        assertFirstEventFollows(later, service.register(new String[] {"g"}, null, later, null, 60_000));
    }

    // LD.4.1.1: each change of a registration's groups takes effect; one decided while another is still being
    // written starts from it, and what the store keeps after both holds both.
    @Test
    void twoChangesInFlightAtOnceBothHold() throws Exception {
        DiscoveryService service = harness.start();
        LookupDiscoveryRegistration r = service.register(new String[] {"g"}, null, new Listener(), null, 60_000);
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            store.close();
            Future<?> first = client.submit(() -> {
                r.addGroups(new String[] {"a"});
                return null;
            });
            awaitHeld();
            Future<?> then = second.submit(() -> {
                r.addGroups(new String[] {"b"});
                return null;
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (store.held() < 2) { // the second change decided and queued behind the first
                assertTrue(System.nanoTime() < deadline, "the second change wrote nothing within 20 s");
                Thread.sleep(5);
            }
            store.open();
            first.get(20, TimeUnit.SECONDS);
            then.get(20, TimeUnit.SECONDS);
        } finally {
            second.shutdownNow();
        }
        assertEquals(Set.of("g", "a", "b"), Set.of(r.getGroups()));
        assertEquals(Set.of("g", "a", "b"), harness.tracker().groups(), "discovery seeks every group");
        harness.start(); // recovered from what the store kept
        assertEquals(Set.of("g", "a", "b"), Set.of(r.getGroups()), "the store kept both changes");
    }
}
