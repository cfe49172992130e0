package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import net.jini.core.event.RemoteEventListener;

import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.Gadgets;
import org.estuary.remote.fixture.Source;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import evil.gadget.EvilComparator;
import evil.gadget.EvilException;
import foreign.ForeignCaller;

/**
 * Issue 5 item 4: what a client's objects send back to the container (a landlord's answer, a listener's exception)
 * passes the allowlist as call arguments do; streams that are not Estuary's RMI reads are left alone.
 */
class RemoteInputTest {

    private static final Logger JUL = Logger.getLogger("org.estuary.remote");

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            warnings.add(java.text.MessageFormat.format(record.getMessage(), record.getParameters()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private RmiExporter container;
    private RmiExporter client;
    private Echo service;

    @BeforeEach
    void start() throws Exception {
        JUL.addHandler(capture);
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
        JUL.removeHandler(capture);
    }

    @Test
    void gadgetReturnedByAClientsObjectIsRefusedLoggedAndTheContainerKeepsServing() throws Exception {
        Source hostile = client.exportCallback(Source.class, Gadgets::priorityQueue); // a landlord answering a gadget
        String result = new EchoBackend("c").drain(hostile); // a service thread of the container asks it
        assertTrue(result.startsWith("failed: " + UnmarshalException.class.getName()), result);
        assertFalse(EvilComparator.ran, "the comparator ran in the container");
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("refused a reply from a remote object")
                && w.contains("evil.gadget.EvilComparator")), warnings.toString());
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
        assertTrue(warnings.stream().anyMatch(w -> w.contains("evil.gadget.EvilException")), warnings.toString());
        assertTrue(service.generation().equals("c"));
    }

    @Test
    void streamsThatAreNotEstuarysRmiReadsAreLeftAlone() throws Exception {
        // ConcurrentHashMap is outside the default allowlist
        ConcurrentHashMap<String, String> outside = new ConcurrentHashMap<>(java.util.Map.of("k", "v"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(outside);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(outside, in.readObject()); // not RMI: untouched
        }
        Source source = client.exportCallback(Source.class, () -> new ConcurrentHashMap<>(java.util.Map.of("k", 1)));
        assertInstanceOf(ConcurrentHashMap.class, ForeignCaller.get(source)); // RMI, but not Estuary's call
        assertTrue(new EchoBackend("c").drain(source).startsWith("failed: "), "Estuary's call is filtered");
        // the verdict on that reply is not carried over to the next stream this thread reads
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(outside, in.readObject());
        }
    }
}
