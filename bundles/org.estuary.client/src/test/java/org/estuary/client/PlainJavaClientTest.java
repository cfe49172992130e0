package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.client.plain.PlainClientMain;
import org.estuary.core.failure.Failure;
import org.estuary.io.SerialFilter;
import org.estuary.remote.BackendRef;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.junit.jupiter.api.Test;

/** A plain Java program with only the API jar and the client jars works against a container. */
class PlainJavaClientTest {

    /** The "service": answers an event whose source is a listener by calling that listener back. */
    static final class Ponger implements RemoteEventListener {
        @Override
        public void notify(RemoteEvent event) throws RemoteException {
            if (event.getSource() instanceof RemoteEventListener) {
                try {
                    ((RemoteEventListener) event.getSource()).notify(new RemoteEvent("pong", 8, 1, null));
                } catch (net.jini.core.event.UnknownEventException e) {
                    throw new RemoteException("unexpected", e);
                }
            }
        }
    }

    @Test
    void plainJavaClientWithOnlyApiAndClientJars() throws Exception {
        try (RmiExporter container = RmiExporter.start(RemoteSettings.builder().registryPort(0).build())) {
            BackendRef<RemoteEventListener> ref = container.export(UUID.randomUUID(), RemoteEventListener.class,
                    new Ponger());
            // A service whose client proxy is the reference's own backend proxy: classes from API + remote only.
            container.bind(RemoteEventListener.class.getName(), (Serializable) ref.backend());

            Path plain = Path.of("target", "plain-client", "org", "estuary", "client", "plain");
            Files.createDirectories(plain);
            try (InputStream main = PlainClientMain.class.getResourceAsStream("PlainClientMain.class")) {
                Files.copy(main, plain.resolve("PlainClientMain.class"), StandardCopyOption.REPLACE_EXISTING);
            }
            List<String> entries = new ArrayList<>();
            for (Class<?> type : List.of(RemoteEvent.class, Failure.class, SerialFilter.class, BackendRef.class,
                    EstuaryClient.class)) {
                entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            }
            entries.add(Path.of("target", "plain-client").toAbsolutePath().toString());
            for (String entry : entries) {
                assertFalse(entry.contains("osgi") || entry.contains("junit"), entry);
            }
            Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", String.join(File.pathSeparator, entries), PlainClientMain.class.getName(), "127.0.0.1",
                    Integer.toString(container.registryPort())).redirectErrorStream(true).start();
            try {
                assertTrue(process.waitFor(60, TimeUnit.SECONDS), "plain client did not finish");
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(0, process.exitValue(), output);
                assertTrue(output.startsWith("OK [") && output.contains(RemoteEventListener.class.getName()),
                        output);
            } finally {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void badInputAndMissingContainer() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> EstuaryClient.connect("127.0.0.1", 0));
        assertThrows(NullPointerException.class, () -> EstuaryClient.connect(null, 4170));
        int free;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            free = probe.getLocalPort();
        }
        IOException refused = assertThrows(IOException.class, () -> EstuaryClient.connect("127.0.0.1", free));
        assertEquals(Failure.INDEFINITE, Failure.of(refused));
    }
}
