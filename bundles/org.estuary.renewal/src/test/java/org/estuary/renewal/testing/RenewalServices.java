package org.estuary.renewal.testing;

import java.io.IOException;
import java.util.concurrent.Executor;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.renewal.internal.Scaffold;
import org.estuary.store.api.Store;

/**
 * Lease renewal services for other modules' tests and benchmarks, without Declarative Services: built with the
 * component's default configuration, bound to a store and recovered as the component's activation does, and
 * exported as its exporter attachment does. Callers see the spec's interfaces and {@link Running}, never the
 * service's classes; {@link Scaffold}, beside them in the test jar, builds them.
 */
public final class RenewalServices {

    private RenewalServices() {
    }

    /** A service recovered from {@code store}, renewing on {@code renewals} and delivering events on {@code delivery}. */
    public static Running start(Clock clock, Marshaller marshaller, Store store, Executor renewals,
            EventDelivery delivery) throws IOException {
        return Scaffold.start(clock, marshaller, store, renewals, delivery);
    }

    /** The configuration the services run with, as the component's active line prints it. */
    public static String settings() {
        return Scaffold.settings();
    }

    /** The store space that holds one record per client lease. */
    public static String leaseSpace() {
        return Scaffold.leaseSpace();
    }

    /** A running service: its proxy, its export, its metrics and counts, and its end. */
    public interface Running extends AutoCloseable {

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        LeaseRenewalService proxy();

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        void export(Exporter exporter);

        /** Client leases renewed so far (the {@code renewals} metric). */
        long renewals();

        /** Renewals that failed, indefinitely or definitely, so far. */
        long failures();

        /** Sets, client leases and scheduled entries now. */
        long[] counts();

        @Override
        void close();
    }
}
