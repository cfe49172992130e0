package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;

import org.estuary.core.component.Attachment;
import org.estuary.core.failure.Failure;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.io.testing.LogCapture;
import org.estuary.remote.component.ServiceExport;
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
    /** The backend the exporter was given to export. */
    private Remote exportedBackend;
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
        assertSame(backend, exportedBackend, "without a gate, the backend itself");

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

    @Test
    void aCallRacingTheDeactivationFailsIndefinitelyAndSaysTheServiceIsBeingStoppedOrReplaced() throws Exception {
        // The deactivation comes while the call runs: the backend detaches the export (the component's first
        // deactivation step), then meets the service's pools shut, as a call does that SCR's thread overtakes.
        Attachment<Exporter>[] gated = gatedAttachment((method, self) -> {
            if (method.equals("generation")) {
                self[0].deactivate();
                throw new RejectedExecutionException("pool shut down");
            }
            return "ran";
        });
        gated[0].bind(new Recording());
        gated[0].activate();
        Echo exported = (Echo) exportedBackend;
        assertEquals("ran", exported.path(), "an active service answers through its gate");

        RemoteException failed = assertThrows(RemoteException.class, exported::generation);
        assertEquals(RemoteException.class, failed.getClass(), "not a refusal: the call may have run in part");
        assertTrue(failed.getMessage().startsWith("the echo service was stopped or replaced in this container "
                + "while it served the call") && failed.getMessage().contains("retry"), failed.getMessage());
        assertEquals(Failure.INDEFINITE, Failure.of(failed));
    }

    @Test
    void aCallAfterTheDeactivationBeganIsRefusedBeforeItRuns() throws Exception {
        List<String> ran = new ArrayList<>();
        Attachment<Exporter>[] gated = gatedAttachment((method, self) -> {
            ran.add(method);
            return "ran";
        });
        gated[0].bind(new Recording());
        gated[0].activate();
        Echo exported = (Echo) exportedBackend;
        gated[0].deactivate();

        ServiceSwappingException refused = assertThrows(ServiceSwappingException.class, exported::path);
        assertTrue(refused.getMessage().startsWith("the echo service is being stopped or replaced in this "
                + "container: the call did not run; retry"), refused.getMessage());
        assertEquals(Failure.INDEFINITE, Failure.of(refused));
        assertEquals(List.of(), ran, "the backend never saw the call");
    }

    @Test
    void aRejectionWhileTheServiceIsActiveIsTheServicesOwnAnswer() throws Exception {
        Attachment<Exporter>[] gated = gatedAttachment((method, self) -> {
            throw new RejectedExecutionException("queue full");
        });
        gated[0].bind(new Recording());
        gated[0].activate();

        assertThrows(RejectedExecutionException.class, ((Echo) exportedBackend)::path);
    }

    @Test
    void theGateForwardsACallsReceivedArgumentsToTheBackend() throws Exception {
        // ReadScope.received: what the transport read for the gate it exported is the backend's own as well
        Marshaller marshaller = Marshallers.defaults();
        Object[] backendOf = new Object[1];
        Echo keeping = (Echo) Proxy.newProxyInstance(Echo.class.getClassLoader(), new Class<?>[] {Echo.class},
                (proxy, method, args) -> ReadScope.arrived(args[0], backendOf[0], marshaller.filter()) ? 1 : 0);
        backendOf[0] = keeping;
        Attachment<Exporter> gated = ServiceExport.attachment("the echo service", Echo.class, keeping, service,
                () -> true, Echo.class);
        gated.bind(new Recording());
        gated.activate();
        Echo gate = (Echo) exportedBackend;
        Object argument = new ArrayList<>();
        try (ReadScope.Received call = ReadScope.forCalls(marshaller, null).received(gate, new Object[] {argument})) {
            assertEquals(1, gate.accept(argument), "arrived for the backend behind the gate");
        }
        assertEquals(0, gate.accept(argument), "an in-process caller's argument");
    }

    /** What the test backend does for a call: its method's name, and the attachment it is exported by. */
    private interface Answer {
        Object answer(String method, Attachment<Exporter>[] self) throws Exception;
    }

    /** A gated attachment (its role holds) of an echo backend that answers every call with {@code answer}. */
    @SuppressWarnings("unchecked")
    private Attachment<Exporter>[] gatedAttachment(Answer answer) {
        Attachment<Exporter>[] self = new Attachment[1];
        Echo answering = (Echo) Proxy.newProxyInstance(Echo.class.getClassLoader(), new Class<?>[] {Echo.class},
                (proxy, method, args) -> answer.answer(method.getName(), self));
        self[0] = ServiceExport.attachment("the echo service", Echo.class, answering, service, () -> true,
                Echo.class);
        return self;
    }

    /** An exporter that records what it is asked and hands out "ref" as the exported reference. */
    private final class Recording implements Exporter {
        @Override
        @SuppressWarnings("unchecked")
        public <B extends Remote> BackendRef<B> export(UUID id, Class<B> type, B exported) throws RemoteException {
            calls.add("export " + id + " " + type.getName());
            exportedBackend = exported;
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
