package org.estuary.mailbox.internal;

import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.memory.testing.MemoryStores;

/**
 * Runs a mailbox for a unit test on a manual clock, deliveries in the thread that causes them (so a test sees
 * their effect when its call returns), on a store kept across restarts of the service.
 */
final class Harness implements AutoCloseable {

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    /** The container's marshaller, its allowlist taking the generators' classes (as allowlist.extra does). */
    final Marshaller marshaller;
    final Store store;
    private MailboxService service;

    Harness() {
        this(MemoryStores.open());
    }

    Harness(Store store) {
        this(store, SerialFilter.defaults().toBuilder().allow("com.example.leases.*").build());
    }

    /** On {@code store}, the container's allowlist being {@code filter}. */
    Harness(Store store, SerialFilter filter) {
        this.store = store;
        this.marshaller = Marshallers.builder().classLoader(Harness.class.getClassLoader()).filter(filter).build();
    }

    /** A mailbox with {@code settings}, recovered from the store: a restart if one ran before. */
    MailboxService start(Settings settings) throws Exception {
        if (service != null) {
            service.close();
        }
        service = new MailboxService(clock, marshaller, settings,
                new EventDelivery(clock, Runnable::run, settings.delivery));
        service.bindStore(store);
        service.start();
        return service;
    }

    MailboxService start() throws Exception {
        return start(TestSettings.defaults());
    }

    /** Lets time pass; retries and expiries run in this thread, their writes acknowledged before it returns. */
    void advance(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
        try {
            store.applyAndWait(Batch.builder().delete("harness/flush", "x").build(), 10, TimeUnit.SECONDS);
        } catch (StoreException e) {
            // a store the test made unusable: nothing to wait for
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
