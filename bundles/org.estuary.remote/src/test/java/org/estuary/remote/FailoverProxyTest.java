package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.util.UUID;

import org.estuary.core.failure.Failure;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoProxy;
import org.estuary.remote.fixture.FailoverServerMain;
import org.estuary.remote.fixture.Forked;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two containers with failover, each in its own JVM and each the other's peer, and a client's proxy: it reaches
 * the service at whichever container is active, fails with indefinite exceptions while neither is, and is refused,
 * never answered, by a container whose role no longer holds.
 */
class FailoverProxyTest {

    private final UUID serviceId = UUID.randomUUID();
    private int portA;
    private int portB;
    private Forked a;
    private Forked b;

    @BeforeEach
    void start() throws Exception {
        portA = LoopbackPorts.free();
        portB = LoopbackPorts.free();
        a = Forked.start(FailoverServerMain.class, Integer.toString(portA), Integer.toString(portB),
                serviceId.toString());
        b = Forked.start(FailoverServerMain.class, Integer.toString(portB), Integer.toString(portA),
                serviceId.toString());
        a.await("READY", 120);
        b.await("READY", 120);
        a.command("activate a");
    }

    @AfterEach
    void stop() throws Exception {
        a.close();
        b.close();
    }

    @Test
    void aProxyReachesTheStandbyOnceItTookOverAfterTheActiveContainerWasKilled() throws Exception {
        EchoProxy proxy = lookup(portA);
        assertEquals("a", proxy.generation());

        a.close(); // kill -9 of the active container
        RemoteException during = assertThrows(RemoteException.class, proxy::generation);
        assertEquals(Failure.INDEFINITE, Failure.of(during), "during the failover: " + during);
        // refused by the standby, or, when the call went out on the pooled connection to a before this JVM saw it
        // closed, failed after it was sent (it may have run: not made again elsewhere)
        assertTrue(during instanceof ServiceSwappingException || during instanceof UnmarshalException,
                during.toString());

        b.command("activate b"); // the standby took the lease over and serves
        assertEquals("b", proxy.generation(), "the same proxy reaches the new active container");
        assertEquals("b", proxy.generation());
    }

    @Test
    void aContainerWhoseRoleNoLongerHoldsRefusesAndTheCallGoesToTheActiveOne() throws Exception {
        EchoProxy proxy = lookup(portA);
        assertEquals("a", proxy.generation());

        a.command("lose"); // paused past its lease: still exported, its role no longer holds
        RemoteException refused = assertThrows(RemoteException.class, proxy::generation);
        assertEquals(Failure.INDEFINITE, Failure.of(refused), refused.toString());
        assertTrue(refused instanceof ServiceSwappingException
                && refused.getMessage().contains("the echo service is not active in this container"),
                refused.toString());

        b.command("activate b");
        assertEquals("b", proxy.generation(), "refused by a before it ran, the call is made at b");
        a.command("deactivate"); // a noticed it lost the lease
        assertEquals("b", proxy.generation());
    }

    @Test
    void aContainerThatStopsAnsweringCostsThisJvmOneCallTimeoutNotOnePerReference() throws Exception {
        EchoProxy first = lookup(portA);
        EchoProxy second = lookup(portA); // a reference of its own, routed to a
        assertEquals("a", first.generation());
        assertEquals("a", second.generation());

        signal("STOP", a); // paused: its sockets accept, nothing answers
        try {
            b.command("activate b"); // its lease ran out meanwhile: the standby took over
            // the first call to a waits one call timeout: on a pooled connection it fails (it may have run), on a
            // new one the handshake is not answered (the call was not sent) and it is made at b
            try {
                assertEquals("b", first.generation());
            } catch (RemoteException timedOut) {
                assertEquals(Failure.INDEFINITE, Failure.of(timedOut), "it may have run: " + timedOut);
            }

            // another reference to a does not wait on it for a time-out of its own (nor does its lookup)
            long start = System.nanoTime();
            assertEquals("b", second.generation(), "a reference to the silent container goes to its peer");
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(waitedMs < FailoverServerMain.CALL_TIMEOUT_MS, "waited " + waitedMs + " ms on the silent "
                    + "container, a call timeout being " + FailoverServerMain.CALL_TIMEOUT_MS + " ms");
            assertEquals("b", first.generation());
        } finally {
            signal("CONT", a);
        }
    }

    private static void signal(String signal, Forked process) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + process.pid());
    }

    private EchoProxy lookup(int port) throws Exception {
        return (EchoProxy) ((RegistryEntry) LocateRegistry.getRegistry("127.0.0.1", port,
                new ClientSockets(null, 5_000, 10_000, false)).lookup(Echo.class.getName())).proxy();
    }
}
