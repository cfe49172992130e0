package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.Sockets;
import org.junit.jupiter.api.Test;

/** Loopback by default, bounded calls to a hanging listener, callbacks. */
class EndpointTest {

    @Test
    void nothingListensBeyondLoopbackByDefault() throws Exception {
        try (RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
                RmiExporter callbacks = RmiExporter.start(
                        RemoteSettings.builder().registryPort(RemoteSettings.NO_REGISTRY).build())) {
            exporter.export(UUID.randomUUID(), Echo.class, new EchoBackend("x"));
            callbacks.exportCallback(RemoteEventListener.class, event -> { });
            List<String> listening = Sockets.listening(ProcessHandle.current().pid());
            assertTrue(listening.stream().anyMatch(a -> a.endsWith(":" + exporter.registryPort())), listening
                    .toString());
            for (String address : listening) {
                assertTrue(Sockets.isLoopback(address), "listens beyond loopback: " + address + " in " + listening);
            }
            // the registry has a port of its own, which carries only its read-only calls
            assertEquals(1, listening.stream().filter(a -> a.endsWith(":" + exporter.registryPort())).count());
            assertTrue(listening.size() >= 3, "the registry, the objects and the callbacks: " + listening);
        }
    }

    @Test
    void hangingListenerIsBoundedByTheCallTimeout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RemoteEventListener hanging = (RemoteEvent event) -> {
            try {
                release.await(30, TimeUnit.SECONDS); // a listener that never answers in time
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try (RmiExporter client = RmiExporter.start(RemoteSettings.builder()
                .registryPort(RemoteSettings.NO_REGISTRY).callTimeoutMs(300).build())) {
            RemoteEventListener stub = client.exportCallback(RemoteEventListener.class, hanging);
            long start = System.nanoTime();
            String result = new EchoBackend("x").callBack(stub); // the service's thread calls the listener
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(result.startsWith("failed"), result);
            assertTrue(ms < 5_000, "the call took " + ms + " ms");
            assertTrue(client.unexportCallback(hanging));
            assertFalse(client.unexportCallback(hanging));
        } finally {
            release.countDown();
        }
    }

    @Test
    void callbackIsCalledAcrossRmi() throws Exception {
        CountDownLatch called = new CountDownLatch(1);
        try (RmiExporter client = RmiExporter.start(RemoteSettings.builder()
                .registryPort(RemoteSettings.NO_REGISTRY).build())) {
            RemoteEventListener listener = event -> called.countDown();
            RemoteEventListener stub = client.exportCallback(RemoteEventListener.class, listener);
            assertEquals(stub, client.exportCallback(RemoteEventListener.class, listener));
            assertTrue(new EchoBackend("x").callBack(stub).startsWith("ok"));
            assertTrue(called.await(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void portInUseIsAClearError() throws Exception {
        try (RmiExporter first = RmiExporter.start(RemoteSettings.builder().registryPort(0).build())) {
            RemoteException taken = org.junit.jupiter.api.Assertions.assertThrows(RemoteException.class,
                    () -> RmiExporter.start(RemoteSettings.builder().registryPort(first.registryPort()).build()));
            assertTrue(taken.toString().contains("127.0.0.1:" + first.registryPort()), taken.toString());
        }
    }
}
