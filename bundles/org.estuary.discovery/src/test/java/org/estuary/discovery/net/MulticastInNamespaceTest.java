package org.estuary.discovery.net;

import org.junit.jupiter.api.Test;

// DJ multicast protocols: MulticastProtocolsTest, run in a network namespace the test creates and drops.
class MulticastInNamespaceTest {

    @Test
    void multicastProtocolsInANetworkNamespace() throws Exception {
        InNamespace.run(MulticastProtocolsTest.class);
    }
}
