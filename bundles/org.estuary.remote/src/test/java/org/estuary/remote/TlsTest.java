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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS with client authentication; keys made by tls/make-test-ca.sh. Calls go through the raw stub (a reference in the
 * exporting JVM would take the local path).
 */
class TlsTest {

    private static final char[] PASSWORD = "test-pass".toCharArray();
    private static Path dir;
    private static RmiExporter server;
    private static UUID serviceId;

    @BeforeAll
    static void makeKeysAndStart() throws Exception {
        dir = Path.of("target", "tls-test").toAbsolutePath();
        ProcessBuilder script = new ProcessBuilder("bash", Path.of("tls", "make-test-ca.sh").toString(),
                dir.toString(), new String(PASSWORD)).redirectErrorStream(true)
                .redirectOutput(dir.resolveSibling("tls-test.log").toFile());
        script.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        Process process = script.start();
        // several keytool JVMs in a row: minutes on a loaded host, so the bound is generous
        boolean finished = process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly();
        }
        assertTrue(finished, "make-test-ca.sh did not finish");
        assertEquals(0, process.exitValue(), Files.readString(dir.resolveSibling("tls-test.log")));
        server = RmiExporter.start(RemoteSettings.builder().registryPort(0)
                .tls(new RemoteSettings.Tls(dir.resolve("server.p12"), PASSWORD, dir.resolve("truststore.p12"),
                        PASSWORD, "PKCS12", true))
                .build());
        serviceId = UUID.randomUUID();
        server.export(serviceId, Echo.class, new EchoBackend("tls"));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A client's exporter (callbacks only) with its own key material. */
    private static RmiExporter client(Path keyStore) throws Exception {
        return RmiExporter.start(RemoteSettings.builder().registryPort(RemoteSettings.NO_REGISTRY)
                .connectTimeoutMs(5_000).callTimeoutMs(5_000)
                .tls(new RemoteSettings.Tls(keyStore, keyStore == null ? null : PASSWORD,
                        dir.resolve("truststore.p12"), PASSWORD, "PKCS12", false))
                .build());
    }

    private static Echo lookup(RmiExporter client) throws Exception {
        return (Echo) Registries.lookup("127.0.0.1", server.registryPort(), client.clientSockets().withHost(null),
                Exporter.BACKEND_PREFIX + serviceId);
    }

    @Test
    void clientWithCertificateIsAccepted() throws Exception {
        try (RmiExporter client = client(dir.resolve("client.p12"))) {
            Echo stub = lookup(client);
            assertEquals("tls", stub.generation());
            assertTrue(stub.path().startsWith("rmi from 127.0.0.1"));
        }
    }

    @Test
    void clientWithoutCertificateIsRefused() throws Exception {
        try (RmiExporter client = client(null)) {
            RemoteException refused = assertThrows(RemoteException.class, () -> lookup(client));
            assertTrue(isTlsRefusal(refused), refused.toString());
        }
    }

    @Test
    void eachClientInOneJvmUsesItsOwnKeys() throws Exception {
        // The client without a certificate starts last: with one TLS context per JVM it would have replaced the
        // certified client's keys.
        try (RmiExporter certified = client(dir.resolve("client.p12")); RmiExporter anonymous = client(null)) {
            Echo stub = lookup(certified); // the stub read through the certified client's factory keeps its keys
            RemoteException refused = assertThrows(RemoteException.class, () -> lookup(anonymous));
            assertTrue(isTlsRefusal(refused), refused.toString());
            assertEquals("tls", stub.generation());
            assertEquals("tls", lookup(certified).generation());
            assertThrows(RemoteException.class, () -> lookup(anonymous));
        }
    }

    private static boolean isTlsRefusal(RemoteException refused) {
        String text = refused + " " + refused.getCause();
        return text.contains("SSL") || text.contains("certificate") || text.contains("Broken pipe")
                || text.contains("reset");
    }

    @Test
    void plainClientIsRefused() {
        assertThrows(RemoteException.class, () -> LocateRegistry.getRegistry("127.0.0.1", server.registryPort(),
                new ClientSockets(null, 2_000, 2_000, false)).lookup("anything"));
    }
}
