package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEventListener;

import org.estuary.client.kept.KeptClientMain;
import org.estuary.client.kept.KeptEvent;
import org.estuary.client.kept.Keeper;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.remote.BackendRef;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2, LR.2.1 over real RMI on 127.0.0.1, the client in a JVM of its own: what a service only keeps and hands back
 * (a lease in {@code getLeases}, the lease in a renewal failure event) is read in the client with the client's own
 * filter, from a reply and in a call to a listener the client exported; not with a fixed default allowlist.
 */
class KeptObjectsTest {

    /** Of a class the default allowlist refuses: a client's "own lease class". */
    private static final Map<String, Integer> OWN = new ConcurrentHashMap<>(Map.of("lease", 1));

    private RmiExporter container;

    @BeforeEach
    void start() throws Exception {
        container = RmiExporter.start(RemoteSettings.builder().registryPort(0).build());
        Marshalled<?> kept = Marshallers.defaults().marshalled(OWN);
        ReadScope replies = container.replies();
        Keeper backend = new Keeper() {
            @Override
            public Marshalled<?>[] held() {
                return new Marshalled<?>[] {kept};
            }

            @Override
            public void send(RemoteEventListener listener) throws java.rmi.RemoteException {
                try (ReadScope.Entered in = replies.enter()) {
                    listener.notify(new KeptEvent("keeper", kept));
                } catch (net.jini.core.event.UnknownEventException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        BackendRef<Keeper> ref = container.export(UUID.randomUUID(), Keeper.class, backend);
        container.bind("keeper", (Serializable) ref.backend());
    }

    @AfterEach
    void stop() {
        container.close();
    }

    private List<String> runClient(String filter) throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), KeptClientMain.class.getName(), "127.0.0.1",
                Integer.toString(container.registryPort()), filter).redirectErrorStream(true).start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "client did not finish");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), output);
            return output.lines().filter(l -> l.startsWith("reply: ") || l.startsWith("event: ")).toList();
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void keptObjectsAreReadWithTheClientsOwnFilter() throws Exception {
        // LR.2 getLeases and LR.2.1 RenewalFailureEvent.getLease: the client's configuration decides
        assertEquals(List.of("reply: ok " + OWN, "event: ok " + OWN), runClient("wide"));
        assertEquals(List.of("reply: refused SerialFilterException", "event: refused SerialFilterException"),
                runClient("default"));
    }
}
