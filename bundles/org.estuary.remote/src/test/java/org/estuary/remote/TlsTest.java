package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.internal.TlsContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 5 item 4: TLS with client authentication; keys made by tls/make-test-ca.sh. Calls go through the raw stub
 * (a reference in the exporting JVM would take the local path).
 */
class TlsTest {

    private static final char[] PASSWORD = "test-pass".toCharArray();
    private static Path dir;
    private static RmiExporter server;
    private static Echo stub;

    @BeforeAll
    static void makeKeysAndStart() throws Exception {
        dir = Path.of("target", "tls-test").toAbsolutePath();
        ProcessBuilder script = new ProcessBuilder("bash", Path.of("tls", "make-test-ca.sh").toString(),
                dir.toString(), new String(PASSWORD)).redirectErrorStream(true)
                .redirectOutput(dir.resolveSibling("tls-test.log").toFile());
        script.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        Process process = script.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "make-test-ca.sh did not finish");
        assertEquals(0, process.exitValue(), Files.readString(dir.resolveSibling("tls-test.log")));
        server = RmiExporter.start(RemoteSettings.builder().registryPort(0)
                .tls(new RemoteSettings.Tls(dir.resolve("server.p12"), PASSWORD, dir.resolve("truststore.p12"),
                        PASSWORD, "PKCS12", true))
                .build());
        UUID id = UUID.randomUUID();
        server.export(id, Echo.class, new EchoBackend("tls"));
        stub = (Echo) LocateRegistry.getRegistry("127.0.0.1", server.registryPort(), server.clientSockets())
                .lookup(Exporter.BACKEND_PREFIX + id);
    }

    @AfterAll
    static void stop() {
        TlsContext.install(null);
        if (server != null) {
            server.close();
        }
    }

    @Test
    void clientWithCertificateIsAccepted() throws Exception {
        TlsContext.install(TlsContext.of(new RemoteSettings.Tls(dir.resolve("client.p12"), PASSWORD,
                dir.resolve("truststore.p12"), PASSWORD, "PKCS12", false)));
        assertEquals("tls", stub.generation());
        assertTrue(stub.path().startsWith("rmi from 127.0.0.1"));
    }

    @Test
    void clientWithoutCertificateIsRefused() throws Exception {
        TlsContext.install(TlsContext.of(new RemoteSettings.Tls(null, null, dir.resolve("truststore.p12"),
                PASSWORD, "PKCS12", false)));
        RemoteException refused = assertThrows(RemoteException.class,
                () -> LocateRegistry.getRegistry("127.0.0.1", server.registryPort(),
                        new ClientSockets(null, 5_000, 5_000, true)).lookup("anything"));
        assertTrue(refused.toString().contains("SSL") || String.valueOf(refused.getCause()).contains("SSL")
                || String.valueOf(refused.getCause()).contains("certificate")
                || String.valueOf(refused.getCause()).contains("Broken pipe")
                || String.valueOf(refused.getCause()).contains("reset"), refused.toString());
    }

    @Test
    void plainClientIsRefused() {
        assertThrows(RemoteException.class, () -> LocateRegistry.getRegistry("127.0.0.1", server.registryPort(),
                new ClientSockets(null, 2_000, 2_000, false)).lookup("anything"));
    }
}
