package org.estuary.discovery.service;

import java.io.IOException;
import java.net.InetAddress;
import java.rmi.MarshalledObject;

import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.discovery.conformance.LookupDiscoveryConformance;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshallers;
import org.estuary.lease.LeasePolicy;
import org.estuary.store.api.Store;
import org.estuary.testing.ServiceHarness;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;

/**
 * The LD conformance suite against {@link DiscoveryService} in this JVM on a manual clock, discovering by unicast on
 * 127.0.0.1; each test has a store of its own, closed after it by {@link TestStores}.
 */
abstract class InJvmConformance extends LookupDiscoveryConformance {

    /** The service with its discovery, started and stopped together. */
    private static final class Harness extends ServiceHarness<DiscoveryService> {
        private NetworkDiscovery discovery;

        Harness(Store store) {
            super(store);
        }

        @Override
        protected DiscoveryService create() throws IOException {
            EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.builder().threads(1)
                    .maxQueuedPerLane(10).maxQueuedTotal(100).build());
            DiscoveryService service = new DiscoveryService(clock, Marshallers.builder()
                    .classLoader(InJvmConformance.class.getClassLoader()).build(),
                    new Settings(new LeasePolicy(60_000, 3_600_000), 100, 4, 4, 10, 10_000), delivery);
            discovery = new NetworkDiscovery(DiscoverySettings.defaults(), clock, InetAddress.getLoopbackAddress(),
                    false, Harness::idOf, service.discoveryListener());
            service.attach(discovery.tracker());
            return service;
        }

        private static ServiceID idOf(MarshalledObject<?> proxy) {
            try {
                return ((ServiceRegistrar) proxy.get()).getServiceID();
            } catch (IOException | ClassNotFoundException | ClassCastException e) {
                return null;
            }
        }

        @Override
        protected void bind(DiscoveryService service, Store bound) {
            service.bindStore(bound);
        }

        @Override
        protected void unbind(DiscoveryService service, Store unbound) {
            service.unbindStore(unbound);
        }

        @Override
        protected void recover(DiscoveryService service) throws IOException {
            service.start();
        }

        @Override
        protected void stop(DiscoveryService service) {
            service.close();
            discovery.close();
        }
    }

    private final TestStores stores;
    private Harness harness;

    InJvmConformance(TestStores stores) {
        this.stores = stores;
    }

    @Override
    protected LookupDiscoveryService service() throws Exception {
        harness = new Harness(stores.open());
        return harness.start().proxy();
    }

    @Override
    protected LookupDiscoveryService restart() throws Exception {
        return harness.start().proxy();
    }

    @Override
    protected void advance(long millis) {
        harness.advance(millis);
    }

    @AfterEach
    void stopService() {
        if (harness != null) {
            harness.close();
        }
    }
}
