package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.ConnectException;
import java.rmi.NotBoundException;
import java.util.List;

import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.junit.jupiter.api.Test;

/**
 * A client of containers with failover: it asks their registries in order and takes a service from the first that
 * binds it (the active container's), past a container that is down and one that stands by.
 */
class FailoverLookupTest {

    @Test
    void lookupTakesTheServiceFromTheFirstContainerThatBindsIt() throws Exception {
        int down = freePort();
        try (RmiExporter standby = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
                RmiExporter active = RmiExporter.start(RemoteSettings.builder().registryPort(0).build())) {
            active.bind("service", "from the active container");
            try (EstuaryClient client = EstuaryClient.connect(List.of("127.0.0.1:" + down,
                    "127.0.0.1:" + standby.registryPort(), "127.0.0.1:" + active.registryPort()),
                    RemoteSettings.builder().build())) {
                assertEquals("from the active container", client.lookup("service", String.class));
                NotBoundException nowhere = assertThrows(NotBoundException.class,
                        () -> client.lookup("missing", String.class));
                assertEquals(2, nowhere.getSuppressed().length, "each container was asked: " + nowhere);
                assertTrue(client.toString().contains("127.0.0.1:" + down), client.toString());
            }
        }
    }

    @Test
    void badEndpointsAreRefusedAndNoReachableContainerFailsTheConnect() throws Exception {
        RemoteSettings settings = RemoteSettings.builder().build();
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of(), settings));
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of("no-port"), settings));
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of("host:70000"), settings));
        assertThrows(ConnectException.class, () -> EstuaryClient.connect(List.of("127.0.0.1:" + freePort()),
                settings));
    }

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }
}
