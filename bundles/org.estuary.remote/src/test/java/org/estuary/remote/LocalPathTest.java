package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.NoSuchObjectException;
import java.util.UUID;

import org.estuary.core.failure.Failure;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.EchoProxy;
import org.estuary.remote.internal.LocalBackends;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A local caller never goes through RMI, also with a deserialized reference and across a swap. */
class LocalPathTest {

    private RmiExporter exporter;
    private final UUID serviceId = UUID.randomUUID();

    @BeforeEach
    void start() throws Exception {
        exporter = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
    }

    @AfterEach
    void stop() {
        exporter.close();
    }

    @Test
    void localCallsBypassRmiEvenAfterDeserialization() throws Exception {
        EchoProxy proxy = new EchoProxy(exporter.export(serviceId, Echo.class, new EchoBackend("one")));
        assertEquals("local", proxy.path());
        EchoProxy copy = copy(proxy);
        assertNotSame(proxy, copy);
        assertEquals("local", copy.path()); // deserialized in the exporting JVM resolves to the object
        assertArrayEquals(new byte[] {1, 2}, copy.echo(new byte[] {1, 2}));
        assertEquals(proxy.ref(), copy.ref());
        assertEquals(proxy.ref().backend(), copy.ref().backend());
        assertEquals(proxy.ref().backend().hashCode(), copy.ref().backend().hashCode());
    }

    @Test
    void localReferenceWithoutExporterWorksAndSwapsAreIndefinite() throws Exception {
        UUID id = UUID.randomUUID();
        EchoBackend first = new EchoBackend("first");
        EchoProxy proxy = new EchoProxy(BackendRef.local(id, Echo.class, first));
        assertEquals("first", proxy.generation());
        BackendRef.release(id, first);
        // mid-swap a call gets an indefinite RemoteException, never a wrong answer
        ServiceSwappingException swapping = assertThrows(ServiceSwappingException.class, proxy::generation);
        assertEquals(Failure.INDEFINITE, Failure.of(swapping));
        BackendRef.local(id, Echo.class, new EchoBackend("second", first));
        assertEquals("second", proxy.generation());
    }

    @Test
    void anUnexportedServiceIsNoLongerServedHere() throws Exception {
        EchoProxy proxy = new EchoProxy(exporter.export(serviceId, Echo.class, new EchoBackend("one")));
        assertTrue(LocalBackends.isHome(serviceId));
        exporter.unexport(serviceId);
        assertFalse(LocalBackends.isHome(serviceId), "the id is withdrawn with its backend");
        assertNull(LocalBackends.local(serviceId));
        // the reference goes by its route: the registry no longer names the service, an indefinite failure
        ServiceSwappingException swapping = assertThrows(ServiceSwappingException.class, proxy::generation);
        assertEquals(Failure.INDEFINITE, Failure.of(swapping));

        UUID kept = UUID.randomUUID();
        EchoBackend exported = new EchoBackend("exported");
        exporter.export(kept, Echo.class, exported);
        BackendRef.local(kept, Echo.class, new EchoBackend("local")); // the service's own reference took over
        exporter.unexport(kept);
        assertTrue(LocalBackends.isHome(kept), "another backend of the service still serves it here");
    }

    @Test
    void goneObjectGivesNoSuchObjectException() throws Exception {
        EchoProxy proxy = new EchoProxy(exporter.export(serviceId, Echo.class, new EchoBackend("one")));
        long id = proxy.create("x");
        assertEquals("x", proxy.read(id));
        proxy.drop(id);
        assertThrows(NoSuchObjectException.class, () -> proxy.read(id)); // US.2.6: definite
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> BackendRef.local(UUID.randomUUID(), (Class) EchoBackend.class, new EchoBackend("x")));
        assertThrows(NullPointerException.class, () -> BackendRef.local(null, Echo.class, new EchoBackend("x")));
        assertThrows(IllegalArgumentException.class, () -> RemoteSettings.builder().registryPort(70000));
        assertThrows(IllegalArgumentException.class, () -> RemoteSettings.builder().objectPort(-1));
        assertThrows(IllegalArgumentException.class, () -> RemoteSettings.builder().callTimeoutMs(0));
        assertThrows(IllegalArgumentException.class, () -> RemoteSettings.builder().bindAddress(" "));
        assertThrows(IllegalStateException.class, () -> {
            try (RmiExporter callbacksOnly = RmiExporter.start(
                    RemoteSettings.builder().registryPort(RemoteSettings.NO_REGISTRY).build())) {
                callbacksOnly.export(UUID.randomUUID(), Echo.class, new EchoBackend("x"));
            }
        });
    }

    static <T> T copy(T object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            @SuppressWarnings("unchecked")
            T read = (T) in.readObject();
            return read;
        }
    }
}
