package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.concurrent.Executor;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * The benchmark's way into the renewal service without Declarative Services: builds and starts a
 * {@link RenewalService} the way the bundle's unit tests do (their {@code Harness}) and exports it the way
 * {@code RenewalComponent} does. The benchmark reaches it through this module's test jar; it changes nothing in the
 * service.
 */
public final class BenchRenewalServices {

    private BenchRenewalServices() {
    }

    /** A service with the default configuration ({@code RenewalComponent.Config}), recovered from {@code store}. */
    public static RenewalService start(Clock clock, Marshaller marshaller, Store store, Executor renewals,
            EventDelivery delivery) throws IOException {
        RenewalService service = new RenewalService(clock, marshaller, defaults(), renewals, delivery);
        service.bindStore(store); // as DS binds the store reference before activation
        service.start();
        return service;
    }

    /** The configuration the service runs with, as its activation log line prints it. */
    public static String settings() {
        return defaults().toString();
    }

    /** The settings of a component configured with nothing. */
    private static Settings defaults() {
        return RenewalComponent.settings(ComponentConfig.of(RenewalComponent.Config.class));
    }

    /** The service proxy a client gets (in this JVM: no RMI on the path). */
    public static LeaseRenewalService proxy(RenewalService service) {
        return service.proxy();
    }

    /** Client leases renewed successfully so far (the service's {@code renewals} metric). */
    public static long renewals(RenewalService service) {
        return service.metrics().renewals.count();
    }

    /** Renewals that failed indefinitely and definitely so far. */
    public static long failures(RenewalService service) {
        return service.metrics().renewalRetries.count() + service.metrics().renewalFailures.count();
    }

    /** Store writes the service waited for (client operations; background writes are not timed). */
    public static long storeWrites(RenewalService service) {
        return service.metrics().storeWrites.count();
    }

    /** The store space holding one record per client lease. */
    public static String leaseSpace() {
        return Records.LEASES;
    }

    /** Sets, client leases and scheduled entries now. */
    public static long[] counts(RenewalService service) {
        return service.counts();
    }

    /** Exports the backend and binds the service proxy under LeaseRenewalService's name, as the component does. */
    public static void export(RenewalService service, Exporter exporter) throws RemoteException {
        service.useReference(exporter.export(service.serviceId(), RenewalBackend.class, service));
        exporter.bind(LeaseRenewalService.class.getName(), service.proxy());
    }

    public static void close(RenewalService service) {
        service.close();
    }
}
