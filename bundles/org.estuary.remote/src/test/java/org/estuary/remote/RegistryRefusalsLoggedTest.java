package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.AccessException;
import java.rmi.Remote;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.List;

import org.estuary.io.testing.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over real RMI on 127.0.0.1: the registry's refusal of a change that arrives over a connection is logged with the
 * peer's address (rate-limited, as every refusal of the remote layer); what it serves is not.
 */
class RegistryRefusalsLoggedTest {

    private LogCapture log;
    private RmiExporter container;
    private Registry registry;

    @BeforeEach
    void start() throws Exception {
        log = LogCapture.warnings("org.estuary.remote");
        container = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
        container.bind("kept", "a bound object");
        registry = LocateRegistry.getRegistry("127.0.0.1", container.registryPort(),
                new ClientSockets(null, 5_000, 10_000, false));
    }

    @AfterEach
    void stop() {
        container.close();
        log.close();
    }

    @Test
    void aRefusedChangeIsLoggedWithThePeerAndServedCallsAreNot() throws Exception {
        assertEquals(List.of("kept"), List.of(registry.list()));
        Remote entry = registry.lookup("kept");
        assertEquals(List.of(), log.messages(), "lookup and list are served, not logged");

        ServerException refused = assertThrows(ServerException.class, () -> registry.unbind("kept"));
        assertTrue(refused.getCause() instanceof AccessException, refused.toString());
        assertEquals(1, log.messages().size(), log.messages().toString());
        String line = log.messages().get(0);
        assertTrue(line.contains("refused a change to the registry on port " + container.registryPort())
                && line.contains("from 127.0.0.1"), line);

        assertThrows(ServerException.class, () -> registry.bind("other", entry));
        assertThrows(ServerException.class, () -> registry.rebind("kept", entry));
        assertTrue(log.messages().stream().allMatch(each -> each.contains("refused a change to the registry")),
                log.messages().toString());
        assertEquals(List.of("kept"), List.of(registry.list()));
    }
}
