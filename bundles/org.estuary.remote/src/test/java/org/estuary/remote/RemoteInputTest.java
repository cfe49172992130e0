package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.rmi.UnmarshalException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.concurrent.ConcurrentHashMap;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;

import net.jini.core.event.RemoteEventListener;

import org.estuary.io.testing.LogCapture;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.Forked;
import org.estuary.remote.fixture.Gadgets;
import org.estuary.remote.fixture.ScopeProbeMain;
import org.estuary.remote.fixture.Source;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import evil.gadget.EvilComparator;
import evil.gadget.EvilException;
import foreign.ForeignCaller;

/**
 * What remote objects send back to Estuary's own calls passes the allowlist, as call arguments do, because Estuary
 * reads those replies in an explicit scope ({@code ReadScope}); every other RMI read of the JVM (JMX, a plain
 * {@code UnicastRemoteObject} call, also one made from Estuary's code outside a scope) is left to the JVM's own
 * filter.
 */
class RemoteInputTest {

    private LogCapture log;

    private RmiExporter container;
    private RmiExporter client;
    private Echo service;

    @BeforeEach
    void start() throws Exception {
        log = LogCapture.of("org.estuary.io", Level.ALL);
        container = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
        UUID serviceId = UUID.randomUUID();
        container.export(serviceId, Echo.class, new EchoBackend("c"));
        // the service as a client reaches it: through the registry and RMI, not the local path
        service = (Echo) LocateRegistry.getRegistry("127.0.0.1", container.registryPort(), container.clientSockets())
                .lookup(Exporter.BACKEND_PREFIX + serviceId);
        client = RmiExporter.start(RemoteSettings.builder().registryPort(RemoteSettings.NO_REGISTRY).build());
    }

    @AfterEach
    void stop() {
        client.close();
        container.close();
        log.close();
    }

    @Test
    void gadgetReturnedByAClientsObjectIsRefusedLoggedAndTheContainerKeepsServing() throws Exception {
        Source hostile = client.exportCallback(Source.class, Gadgets::priorityQueue); // a landlord answering a gadget
        String result = new EchoBackend("c").drain(hostile); // a service thread asks it, in the service's scope
        assertTrue(result.startsWith("failed: " + UnmarshalException.class.getName()), result);
        assertFalse(EvilComparator.ran, "the comparator ran in the container");
        assertTrue(log.messages().stream().anyMatch(w -> w.startsWith("refused a reply from a remote object")
                && w.contains("evil.gadget.EvilComparator")), log.messages().toString());
        // still serving: the same endpoint answers the next calls, also from the same client
        Source benign = client.exportCallback(Source.class, () -> List.of(1, 2));
        assertTrue(new EchoBackend("c").drain(benign).startsWith("ok "), "benign source refused");
        assertEquals("c", service.generation());
    }

    @Test
    void hostileExceptionFromAListenerIsRefused() throws Exception {
        RemoteEventListener hostile = client.exportCallback(RemoteEventListener.class, event -> {
            throw new EvilException(Gadgets.priorityQueue());
        });
        String result = new EchoBackend("c").callBack(hostile);
        assertTrue(result.contains(UnmarshalException.class.getName()), result);
        assertFalse(EvilComparator.ran);
        assertTrue(log.messages().stream().anyMatch(w -> w.contains("evil.gadget.EvilException")), log.messages().toString());
        assertTrue(service.generation().equals("c"));
    }

    @Test
    void onlyCallsInsideAScopeAreCheckedAgainstTheAllowlist() throws Exception {
        // ConcurrentHashMap is outside the default allowlist
        ConcurrentHashMap<String, String> outside = new ConcurrentHashMap<>(Map.of("k", "v"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(outside);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(outside, in.readObject()); // not RMI: untouched
        }
        Source source = client.exportCallback(Source.class, () -> new ConcurrentHashMap<>(Map.of("k", 1)));
        assertInstanceOf(ConcurrentHashMap.class, ForeignCaller.get(source)); // another thread, no scope
        assertInstanceOf(ConcurrentHashMap.class, source.get()); // Estuary's code, but outside any scope
        try (org.estuary.io.ReadScope.Entered scope = container.replies().enter()) {
            assertThrows(UnmarshalException.class, source::get); // the same call in a scope
        }
        assertInstanceOf(ConcurrentHashMap.class, source.get()); // the scope ended with its try block
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(outside, in.readObject());
        }
    }

    /** The JDK's own server sockets, on the loopback interface. */
    private static final RMIServerSocketFactory LOOPBACK =
            port -> new ServerSocket(port, 50, InetAddress.getLoopbackAddress());

    /** A plain object exported with the JDK alone, as any library in the container would. */
    public interface Plain extends java.rmi.Remote {
        Object get() throws java.rmi.RemoteException;
    }

    private static final class PlainObject implements Plain {
        @Override
        public Object get() {
            return new ConcurrentHashMap<>(Map.of("plain", 1));
        }
    }

    @Test
    void aPlainUnicastRemoteObjectCallFromAnEstuaryThreadIsNotChecked() throws Exception {
        PlainObject object = new PlainObject();
        Plain stub = (Plain) UnicastRemoteObject.exportObject(object, 0, null, LOOPBACK);
        try {
            assertInstanceOf(ConcurrentHashMap.class, stub.get());
            try (org.estuary.io.ReadScope.Entered scope = container.replies().enter()) {
                assertThrows(UnmarshalException.class, stub::get); // inside Estuary's call it would be
            }
        } finally {
            UnicastRemoteObject.unexportObject(object, true);
        }
    }

    @Test
    void aJmxCallOverRmiIsLeftToTheJvmsOwnFilter() throws Exception {
        // JMX answers with javax.management types, none of which Estuary's allowlist knows.
        JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi://127.0.0.1"),
                Map.of(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, LOOPBACK),
                ManagementFactory.getPlatformMBeanServer());
        server.start();
        try (JMXConnector connector = JMXConnectorFactory.connect(server.getAddress())) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            ObjectName memory = new ObjectName("java.lang:type=Memory");
            assertInstanceOf(CompositeData.class, mbeans.getAttribute(memory, "HeapMemoryUsage"));
            try (org.estuary.io.ReadScope.Entered scope = container.replies().enter()) {
                assertThrows(UnmarshalException.class, () -> mbeans.getAttribute(memory, "HeapMemoryUsage"));
            }
            assertInstanceOf(CompositeData.class, mbeans.getAttribute(memory, "HeapMemoryUsage"));
        } finally {
            server.stop();
        }
    }

    @Test
    void inAJvmWithAnOperatorsFilterBothItAndTheAllowlistApplyToEstuarysCalls() throws Exception {
        try (Forked probe = Forked.withOptions(List.of("-Djdk.serialFilter=!java.util.LinkedList"),
                ScopeProbeMain.class)) {
            assertEquals("scoped map: refused", probe.await("scoped map:", 30)); // Estuary's allowlist
            assertEquals("scoped list: refused", probe.await("scoped list:", 30)); // the operator's filter
            assertEquals("plain map: ok java.util.concurrent.ConcurrentHashMap", probe.await("plain map:", 30));
            assertEquals("plain list: refused", probe.await("plain list:", 30)); // the operator's, as always
        }
    }

    @Test
    void inAJvmThatDeserializedBeforeEstuaryStartedScopesStillApply() throws Exception {
        // The filter factory can no longer be set there; a JVM-wide filter applies the reading thread's scope.
        try (Forked probe = Forked.withOptions(List.of(), ScopeProbeMain.class, "stream-first")) {
            assertEquals("scoped map: refused", probe.await("scoped map:", 30));
            assertEquals("scoped list: ok java.util.LinkedList", probe.await("scoped list:", 30));
            assertEquals("plain map: ok java.util.concurrent.ConcurrentHashMap", probe.await("plain map:", 30));
            assertEquals("plain list: ok java.util.LinkedList", probe.await("plain list:", 30));
        }
    }
}
