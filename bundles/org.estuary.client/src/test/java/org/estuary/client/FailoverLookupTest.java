package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.rmi.ConnectException;
import java.rmi.NotBoundException;
import java.util.List;

import org.estuary.remote.FailoverNotice;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.remote.ServiceSwappingException;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.jupiter.api.Test;

/**
 * A client of containers with failover: it asks their registries in order and takes a service from the first that
 * binds it (the active container's), past a container that is down and one that stands by; when only standbys
 * answer, the error names the active container.
 */
class FailoverLookupTest {

    @Test
    void lookupTakesTheServiceFromTheFirstContainerThatBindsIt() throws Exception {
        int down = LoopbackPorts.free();
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
    void aLookupOnlyStandbysAnswerNamesTheActiveContainer() throws Exception {
        String notice = "renewal: standby: the active container is a at 127.0.0.1:4170 since INSTANT, token 4";
        try (RmiExporter standby = RmiExporter.start(RemoteSettings.builder().registryPort(0).build())) {
            standby.bind(FailoverNotice.NAME, (Serializable) standby.exportCallback(FailoverNotice.class,
                    () -> notice));
            try (EstuaryClient client = EstuaryClient.connect(List.of("127.0.0.1:" + LoopbackPorts.free(),
                    "127.0.0.1:" + standby.registryPort()), RemoteSettings.builder().build())) {
                // FO.3: a standby refuses with an indefinite error naming the active container
                ServiceSwappingException refused = assertThrows(ServiceSwappingException.class,
                        () -> client.lookup("service", String.class));
                assertTrue(refused.getMessage().contains("service is not bound at 127.0.0.1:"
                        + standby.registryPort()), refused.getMessage());
                assertTrue(refused.getMessage().contains(notice), refused.getMessage());
                assertTrue(refused.getMessage().contains("connect to the active container"), refused.getMessage());
                assertTrue(refused.getCause() instanceof NotBoundException, String.valueOf(refused.getCause()));
            }
        }
    }

    @Test
    void badEndpointsAreRefusedAndNoReachableContainerFailsTheConnect() throws Exception {
        RemoteSettings settings = RemoteSettings.builder().build();
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of(), settings));
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of("no-port"), settings));
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect(List.of("host:70000"), settings));
        assertThrows(ConnectException.class, () -> EstuaryClient.connect(List.of("127.0.0.1:" + LoopbackPorts.free()),
                settings));
    }
}
