package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.estuary.core.component.Attachment;
import org.estuary.io.testing.LogCapture;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A service's export as an attachment: exported under its id and its proxy bound while active, withdrawn in the
 * reverse order when detached; a failed export leaves the service serving its own container and says so. The
 * exporter is a fake that records the calls it gets.
 */
class ServiceExportTest {

    private final UUID serviceId = UUID.randomUUID();
    private final EchoBackend backend = new EchoBackend("e");
    private final List<String> calls = new ArrayList<>();
    /** What the service's proxies call through; "local" after useReference(null). */
    private final List<Object> references = new ArrayList<>();
    private final LogCapture log = LogCapture.warnings(ServiceExport.class.getName());
    private RemoteException refuse;
    /** What the exporter hands out for the exported backend. */
    private final BackendRef<Echo> exportedRef = BackendRef.routed(serviceId, Echo.class, "127.0.0.1", 1, null,
            backend);

    private final ServiceExport.Exported<Echo> service = new ServiceExport.Exported<>() {
        @Override
        public UUID serviceId() {
            return serviceId;
        }

        @Override
        public void useReference(BackendRef<Echo> reference) {
            references.add(reference == null ? "local" : reference == exportedRef ? "ref" : reference);
        }

        @Override
        public Serializable proxy() {
            return "proxy through " + references.get(references.size() - 1);
        }
    };

    private final Attachment<Exporter> attachment = ServiceExport.attachment("the echo service", Echo.class,
            backend, service, Echo.class);

    @AfterEach
    void close() {
        log.close();
    }

    @Test
    void whileActiveTheBackendIsExportedUnderTheServiceIdAndTheProxyBoundUnderTheSpecInterface() {
        Exporter exporter = new Recording();
        attachment.bind(exporter);
        assertEquals(List.of(), calls, "nothing is exported before the component is active");

        attachment.activate();
        assertEquals(List.of("export " + serviceId + " " + Echo.class.getName(),
                "bind " + Echo.class.getName() + " proxy through ref"), calls);

        calls.clear();
        attachment.deactivate();
        assertEquals(List.of("unbind " + Echo.class.getName(), "unexport " + serviceId), calls);
        assertEquals(List.of("ref", "local"), references, "the proxies go back to the in-JVM reference");
        assertEquals(List.of(), log.messages());
    }

    @Test
    void aProxyOfSeveralSpecInterfacesIsBoundUnderEachAndUnboundFromEach() {
        Attachment<Exporter> both = ServiceExport.attachment("the echo service", Echo.class, backend, service,
                Echo.class, Remote.class);
        both.bind(new Recording());
        both.activate();
        both.deactivate();
        assertEquals(List.of("export " + serviceId + " " + Echo.class.getName(),
                "bind " + Echo.class.getName() + " proxy through ref", "bind " + Remote.class.getName()
                        + " proxy through ref", "unbind " + Echo.class.getName(), "unbind " + Remote.class.getName(),
                "unexport " + serviceId), calls);
        assertThrows(IllegalArgumentException.class,
                () -> ServiceExport.attachment("the echo service", Echo.class, backend, service));
    }

    @Test
    void aFailedExportIsLoggedAndTheServiceKeepsItsInJvmReference() {
        refuse = new RemoteException("port in use");
        attachment.bind(new Recording());
        attachment.activate();

        assertEquals(List.of("export " + serviceId + " " + Echo.class.getName()), calls, "nothing bound");
        assertEquals(List.of(), references);
        assertEquals(1, log.messages().size(), log.messages().toString());
        String warning = log.messages().get(0);
        assertTrue(warning.startsWith("the echo service is not reachable from other JVMs: exporting it failed"),
                warning);
        assertTrue(warning.contains("port in use") && warning.contains("keeps serving bundles in this container"),
                warning);
    }

    @Test
    void anExporterBoundWhileActiveIsAttachedAfterTheOldOneIsDetached() {
        Recording first = new Recording();
        attachment.bind(first);
        attachment.activate();
        calls.clear();

        attachment.bind(new Recording());
        assertEquals(List.of("unbind " + Echo.class.getName(), "unexport " + serviceId,
                "export " + serviceId + " " + Echo.class.getName(), "bind " + Echo.class.getName()
                        + " proxy through ref"), calls);
        attachment.unbind(first); // no longer the bound one: nothing to withdraw
        assertEquals(4, calls.size());
    }

    /** An exporter that records what it is asked and hands out "ref" as the exported reference. */
    private final class Recording implements Exporter {
        @Override
        @SuppressWarnings("unchecked")
        public <B extends Remote> BackendRef<B> export(UUID id, Class<B> type, B exported) throws RemoteException {
            calls.add("export " + id + " " + type.getName());
            assertSame(backend, exported);
            if (refuse != null) {
                throw refuse;
            }
            return (BackendRef<B>) exportedRef;
        }

        @Override
        public void unexport(UUID id) {
            calls.add("unexport " + id);
        }

        @Override
        public void bind(String name, Serializable proxy) {
            calls.add("bind " + name + " " + proxy);
        }

        @Override
        public void unbind(String name) {
            calls.add("unbind " + name);
        }

        @Override
        public <T extends Remote> T exportCallback(Class<T> type, T object) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean unexportCallback(Remote object) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String host() {
            return "127.0.0.1";
        }

        @Override
        public int registryPort() {
            return -1;
        }
    }
}
