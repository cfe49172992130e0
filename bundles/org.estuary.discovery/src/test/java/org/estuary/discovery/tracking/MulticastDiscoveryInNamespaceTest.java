package org.estuary.discovery.tracking;

import org.estuary.discovery.net.InNamespace;
import org.junit.jupiter.api.Test;

// DJ multicast discovery: MulticastDiscoveryTest, run in a network namespace the test creates and drops.
class MulticastDiscoveryInNamespaceTest {

    @Test
    void multicastDiscoveryInANetworkNamespace() throws Exception {
        InNamespace.run(MulticastDiscoveryTest.class);
    }
}
