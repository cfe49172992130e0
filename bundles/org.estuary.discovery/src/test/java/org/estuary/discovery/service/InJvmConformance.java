package org.estuary.discovery.service;

import java.net.InetAddress;

import net.jini.discovery.LookupDiscoveryService;

import org.estuary.discovery.conformance.LookupDiscoveryConformance;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;

/**
 * The LD conformance suite against {@link DiscoveryService} in this JVM on a manual clock, discovering by unicast on
 * 127.0.0.1 and delivering events from a thread of its own, as a running service does; each test has a store of its own, closed after it by {@link TestStores}.
 */
abstract class InJvmConformance extends LookupDiscoveryConformance {

    private final TestStores stores;
    private Harness harness;

    InJvmConformance(TestStores stores) {
        this.stores = stores;
    }

    @Override
    protected LookupDiscoveryService service() throws Exception {
        harness = new Harness(stores.open(), (clock, listener) -> {
            NetworkDiscovery discovery = new NetworkDiscovery(DiscoverySettings.defaults(), clock,
                    InetAddress.getLoopbackAddress(), false, Harness::idOf, listener);
            return new Harness.Discovery(discovery.tracker(), discovery);
        }, true);
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
