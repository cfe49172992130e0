package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.AccessException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.estuary.core.failure.Failure;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoProxy;
import org.estuary.remote.fixture.EchoServerMain;
import org.estuary.remote.fixture.Forked;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import evil.gadget.EvilComparator;

/** Swaps, the allowlist and bounded calls against a container in another JVM (EchoServerMain), as its client. */
class RemoteProxyTest {

    private final UUID serviceId = UUID.randomUUID();
    private int port;
    private Forked server;

    @BeforeEach
    void start() throws Exception {
        port = LoopbackPorts.free();
        server = startServer("g1");
    }

    private Forked startServer(String generation) throws Exception {
        Forked forked = Forked.start(EchoServerMain.class, Integer.toString(port), serviceId.toString(), generation);
        forked.await("READY", 120);
        return forked;
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private EchoProxy lookup() throws Exception {
        RegistryEntry entry = (RegistryEntry) LocateRegistry
                .getRegistry("127.0.0.1", port, new ClientSockets(null, 5_000, 10_000, false)).lookup("echo");
        return (EchoProxy) entry.proxy();
    }

    @Test
    void remoteCallsGoThroughRmi() throws Exception {
        EchoProxy proxy = lookup();
        assertEquals("rmi from 127.0.0.1", proxy.path()); // another JVM goes through RMI
        byte[] kilobyte = new byte[1024];
        kilobyte[7] = 7;
        assertArrayEquals(kilobyte, proxy.echo(kilobyte));
        assertEquals("g1", proxy.generation());
    }

    @Test
    void proxySurvivesSwapAndMidSwapIsIndefinite() throws Exception {
        EchoProxy proxy = lookup();
        long id = proxy.create("kept");
        assertEquals("g1", proxy.generation());
        server.command("swap g2"); // the old stub dies, the proxy re-resolves once
        assertEquals("g2", proxy.generation());
        assertEquals("kept", proxy.read(id));
        server.command("unexport");
        RemoteException midSwap = assertThrows(RemoteException.class, proxy::generation);
        assertTrue(midSwap instanceof ServiceSwappingException, midSwap.toString());
        assertEquals(Failure.INDEFINITE, Failure.of(midSwap)); // never a wrong answer, retryable
        server.command("export g3");
        assertEquals("g3", proxy.generation());
    }

    @Test
    void aStandbyNamesTheActiveContainerInTheIndefiniteFailure() throws Exception {
        EchoProxy proxy = lookup();
        assertEquals("g1", proxy.generation());
        server.command("unexport");
        String active = "echo: standby: the active container is west-1 at 127.0.0.1:4171 since "
                + "2026-11-27T17:20:02Z, token 4";
        server.command("standby " + active);
        RemoteException refused = assertThrows(RemoteException.class, proxy::generation);
        assertTrue(refused instanceof ServiceSwappingException, refused.toString());
        assertEquals(Failure.INDEFINITE, Failure.of(refused));
        assertTrue(refused.getMessage().contains("not bound in the registry at 127.0.0.1:" + port + " (" + active
                + ")"), refused.getMessage());
        server.command("export g2");
        assertEquals("g2", proxy.generation()); // this container became active again
    }

    @Test
    void proxySurvivesContainerRestartOnTheSamePort() throws Exception {
        EchoProxy proxy = lookup();
        assertEquals("g1", proxy.generation());
        server.close(); // kill -9 of the container
        RemoteException down = assertThrows(RemoteException.class, proxy::generation);
        assertEquals(Failure.INDEFINITE, Failure.of(down), down.toString());
        server = startServer("g2");
        assertEquals("g2", proxy.generation()); // re-resolved through the new registry
    }

    @Test
    void theRegistryIsReadOnlyForOtherProcesses() throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port, new ClientSockets(null, 5_000, 10_000,
                false));
        String backend = Exporter.BACKEND_PREFIX + serviceId;
        Remote stub = registry.lookup(backend);
        Set<String> bound = Set.of(registry.list());
        // a process on the same host changes nothing: every bind, rebind and unbind is refused before it is read
        for (Executable change : List.<Executable>of(() -> registry.unbind("echo"), () -> registry.unbind(backend),
                () -> registry.rebind("echo", stub), () -> registry.bind("other", stub))) {
            ServerException refused = assertThrows(ServerException.class, change); // RMI wraps what the server threw
            assertTrue(refused.getCause() instanceof AccessException, refused.toString());
            assertTrue(refused.getCause().getMessage().contains("disallowed; origin unknown"), refused.toString());
        }
        assertEquals(bound, Set.of(registry.list()));
        assertEquals("g1", lookup().generation());
        // the container itself still changes its registry: a swap rebinds the backend
        server.command("swap g2");
        assertEquals("g2", ((Echo) registry.lookup(backend)).generation());
        assertEquals("g2", lookup().generation());
    }

    @Test
    void goneObjectGivesNoSuchObjectException() throws Exception {
        EchoProxy proxy = lookup();
        long id = proxy.create("x");
        proxy.drop(id);
        NoSuchObjectException gone = assertThrows(NoSuchObjectException.class, () -> proxy.read(id));
        assertEquals(Failure.DEFINITE, Failure.of(gone));
        assertEquals("x", proxy.read(proxy.create("x")));
    }

    @Test
    void gadgetPayloadIsRejectedLoggedAndServerKeepsServing() throws Exception {
        EchoProxy proxy = lookup();
        PriorityQueue<Object> gadget = new PriorityQueue<>(new EvilComparator());
        gadget.add("a");
        gadget.add("b");
        EvilComparator.ran = false;
        RemoteException refused = assertThrows(RemoteException.class, () -> proxy.accept(gadget));
        assertTrue(refused.toString().contains("REJECTED") || String.valueOf(refused.getCause()).contains(
                "REJECTED") || refused.toString().contains("filter"), refused.toString());
        assertEquals("g1", proxy.generation()); // still serving
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!server.stderr().contains("refused a remote call") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        String log = server.stderr();
        assertTrue(log.contains("refused a remote call from 127.0.0.1: evil.gadget.EvilComparator"), log);
        assertFalse(log.contains("GADGET RAN"), log);
    }

    @Test
    void gadgetInAHostileContainersReplyIsRefusedByTheClient() throws Exception {
        EchoProxy proxy = lookup();
        EvilComparator.ran = false;
        // a return value is read through the allowlist too
        RemoteException refused = assertThrows(RemoteException.class, proxy::gadget);
        assertTrue(refused instanceof java.rmi.UnmarshalException, refused.toString());
        assertTrue(String.valueOf(refused.getCause()).contains("REJECTED"), refused.toString());
        // so is the reply of Estuary's registry lookup
        RemoteException lookupRefused = assertThrows(RemoteException.class, () -> Registries.lookup("127.0.0.1",
                port, new ClientSockets(null, 5_000, 10_000, false), "gadget"));
        assertTrue(String.valueOf(lookupRefused.getCause()).contains("REJECTED"), lookupRefused.toString());
        assertFalse(EvilComparator.ran, "the comparator ran in the client");
        assertEquals("g1", proxy.generation()); // the proxy keeps working
    }

    @Test
    void twoHundredConcurrentClientsAreServed() throws Exception {
        EchoProxy proxy = lookup();
        int clients = 200;
        int callsEach = 10;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                EchoProxy own = LocalPathTest.copy(proxy); // each client its own proxy copy
                byte[] payload = new byte[] {(byte) c};
                results.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < callsEach; i++) {
                        if (own.echo(payload)[0] == payload[0]) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            int total = 0;
            for (Future<Integer> result : results) {
                total += result.get(60, TimeUnit.SECONDS); // bounded wait
            }
            assertEquals(clients * callsEach, total);
            assertEquals("g1", proxy.generation());
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }
}
