package org.estuary.renewal.testing;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Executor;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.renewal.internal.Records;
import org.estuary.renewal.internal.RenewalComponent;
import org.estuary.renewal.internal.RenewalService;
import org.estuary.renewal.internal.Settings;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * Lease renewal services for other modules' tests and benchmarks, without Declarative Services: built with the
 * component's default configuration, bound to a store and recovered as the component's activation does, and
 * exported as its exporter attachment does. Callers see the spec's interfaces and {@link Running}, never the
 * service's classes.
 */
public final class RenewalServices {

    private RenewalServices() {
    }

    /** A service recovered from {@code store}, renewing on {@code renewals} and delivering events on {@code delivery}. */
    public static Running start(Clock clock, Marshaller marshaller, Store store, Executor renewals,
            EventDelivery delivery) throws IOException {
        RenewalService service = new RenewalService(clock, marshaller, defaults(), renewals, delivery);
        service.bindStore(store); // as DS binds the store reference before activation
        service.start();
        return new Running(service);
    }

    /** The configuration the services run with, as the component's active line prints it. */
    public static String settings() {
        return defaults().toString();
    }

    /** The store space that holds one record per client lease. */
    public static String leaseSpace() {
        return Records.LEASES;
    }

    private static Settings defaults() {
        return RenewalComponent.settings(ComponentConfig.of(RenewalComponent.Config.class));
    }

    /** A running service: its proxy, its export, its metrics and counts, and its end. */
    public static final class Running implements AutoCloseable {

        private final RenewalService service;

        private Running(RenewalService service) {
            this.service = service;
        }

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        public LeaseRenewalService proxy() {
            return service.proxy();
        }

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        public void export(Exporter exporter) {
            ServiceExport.attachment("the lease renewal service", RenewalBackend.class, service, service,
                    LeaseRenewalService.class).activate().bind(exporter);
        }

        /** Client leases renewed so far (the {@code renewals} metric). */
        public long renewals() {
            return metric("renewals");
        }

        /** Renewals that failed, indefinitely or definitely, so far. */
        public long failures() {
            return metric("renewal.retries") + metric("renewal.failures");
        }

        /** Sets, client leases and scheduled entries now. */
        public long[] counts() {
            return service.counts();
        }

        private long metric(String name) {
            Map<String, Long> metrics = service.metrics().snapshot();
            return metrics.get(name);
        }

        @Override
        public void close() {
            service.close();
        }
    }
}
