package org.estuary.renewal.internal;

import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.renewal.conformance.ClientClasses;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;

/**
 * Builds renewal services for tests: a manual clock, a store (memory unless given; kept across "restarts" of the service),
 * renewals and event deliveries run in the thread that advances the clock.
 */
public final class Harness implements AutoCloseable {

    public final ManualClock clock = new ManualClock(1_700_000_000_000L);
    /** The store the next {@link #start} recovers from. */
    public volatile Store store;
    /** The service's marshaller; its allowlist takes the client's own classes, as allowlist.extra configures it. */
    public final Marshaller marshaller = Marshallers.builder().classLoader(Harness.class.getClassLoader())
            .filter(ClientClasses.filter()).build();
    private RenewalService service;

    /** On a memory store. */
    public Harness() {
        this(MemoryStores.open());
    }

    /** On {@code store}, which the caller closes. */
    public Harness(Store store) {
        this.store = store;
    }

    /** A service with {@code settings}, recovered from the store (a restart if one ran before). */
    public RenewalService start(Settings settings) throws Exception {
        if (service != null) {
            service.close();
        }
        service = new RenewalService(clock, marshaller, settings, Runnable::run,
                new EventDelivery(clock, Runnable::run, settings.delivery));
        service.bindStore(store);
        service.start();
        return service;
    }

    /** The running service (if any) is rebound from the current store to {@code next}, as greedy DS would. */
    public void switchTo(Store next) {
        Store previous = store;
        store = next;
        if (service != null) {
            service.bindStore(next);
            service.unbindStore(previous);
        }
    }

    public RenewalService start() throws Exception {
        return start(TestSettings.defaults());
    }

    /**
     * Lets time pass; renewals and events run in this thread, and their store writes are acknowledged before this
     * returns (a persistent store acknowledges in its own thread, in acceptance order: Store S3).
     */
    public void advance(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
        flush();
    }

    /** Waits until every batch the service gave the store so far is acknowledged (Store S3: in order). */
    public void flush() {
        try {
            store.applyAndWait(org.estuary.store.api.Batch.builder().delete("harness/flush", "x").build(), 10,
                    TimeUnit.SECONDS);
        } catch (org.estuary.store.api.StoreException e) {
            // a store the test closed or made unusable on purpose: nothing to wait for
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (service != null) {
            service.close();
        }
    }
}
