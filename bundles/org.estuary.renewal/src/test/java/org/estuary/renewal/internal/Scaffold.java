package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.concurrent.Executor;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.renewal.testing.RenewalServices;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * A service as {@link RenewalServices} hands it out: the one route from the test jar's factory into this package,
 * whose classes production uses only among themselves and so keeps package-private. Built from the component's
 * default configuration ({@link RenewalComponent#settings}), bound to a store and recovered as the component's
 * activation does, exported as its exporter attachment does.
 */
public final class Scaffold implements RenewalServices.Running {

    private final RenewalService service;

    private Scaffold(RenewalService service) {
        this.service = service;
    }

    /** See {@link RenewalServices#start}. */
    public static Scaffold start(Clock clock, Marshaller marshaller, Store store, Executor renewals,
            EventDelivery delivery) throws IOException {
        RenewalService service = new RenewalService(clock, marshaller, defaults(), renewals, delivery);
        service.bindStore(store); // as DS binds the store reference before activation
        service.start();
        return new Scaffold(service);
    }

    /** See {@link RenewalServices#settings}. */
    public static String settings() {
        return defaults().toString();
    }

    /** See {@link RenewalServices#leaseSpace}. */
    public static String leaseSpace() {
        return Records.LEASES;
    }

    private static Settings defaults() {
        return RenewalComponent.settings(ComponentConfig.of(RenewalComponent.Config.class));
    }

    @Override
    public LeaseRenewalService proxy() {
        return service.proxy();
    }

    @Override
    public void export(Exporter exporter) {
        ServiceExport.attachment("the lease renewal service", RenewalBackend.class, service, service,
                () -> true, LeaseRenewalService.class).activate().bind(exporter);
    }

    @Override
    public long renewals() {
        return metric("renewals");
    }

    @Override
    public long failures() {
        return metric("renewal.retries") + metric("renewal.failures");
    }

    @Override
    public long[] counts() {
        return service.counts();
    }

    private long metric(String name) {
        return service.metrics().snapshot().get(name);
    }

    @Override
    public void close() {
        service.close();
    }
}
