package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.estuary.io.testing.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A plain Java client's classes carry no bundle annotation: a container reads them through the packages that
 * installed bundles export (within the allowlist), and a class it cannot find gives an error that says what to
 * install, logged in the container with the same text.
 */
class ExportedPackagesTest {

    private static final String PAYLOAD = "org.estuary.io.fixture.Payload";
    private static final ClassLoader BLIND = new FakeBundles.BundleLoader("blind", Set.of());
    private LogCapture log;

    @BeforeEach
    void listen() {
        log = LogCapture.warnings("org.estuary.io");
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    /** What a plain Java client writes: the class defined by {@code loader}, no bundle annotation. */
    private static byte[] fromPlainClient(ClassLoader loader) throws Exception {
        Object payload = loader.loadClass(PAYLOAD).getConstructor(String.class).newInstance("x");
        return Marshallers.builder().classLoader(loader).build().marshal(payload);
    }

    private static Marshaller container(FakeBundles bundles) {
        return Marshallers.builder().bundleLookup(bundles).classLoader(BLIND).build();
    }

    @Test
    void aClassWithoutAnnotationResolvesThroughTheBundleThatExportsItsPackage() throws Exception {
        FakeBundles bundles = new FakeBundles();
        ClassLoader leases = bundles.install("client.leases", "1.0.0", "Payload");
        byte[] bytes = fromPlainClient(new FakeBundles.BundleLoader("client", Set.of("Payload")));
        Marshaller marshaller = container(bundles);
        assertThrows(ClassNotFoundException.class, () -> marshaller.unmarshal(bytes, Object.class),
                "installed, but exporting nothing");

        bundles.export("org.estuary.io.fixture", "client.leases", "1.0.0"); // seen without a new marshaller
        assertSame(leases, marshaller.unmarshal(bytes, Object.class).getClass().getClassLoader());
    }

    @Test
    void aClassNoBundleExportsNamesWhatToInstallAndIsLogged() throws Exception {
        byte[] bytes = fromPlainClient(new FakeBundles.BundleLoader("client", Set.of("Payload")));
        ClassNotFoundException missing = assertThrows(ClassNotFoundException.class,
                () -> container(new FakeBundles()).unmarshal(bytes, Object.class));
        String message = missing.getMessage();
        assertTrue(message.startsWith("cannot load class " + PAYLOAD + " (no bundle annotation) in this container: "
                + "no installed bundle exports package org.estuary.io.fixture. Install a bundle that exports package "
                + "org.estuary.io.fixture (a plain jar as bundle:install wrap:mvn:"), message);
        assertTrue(message.endsWith("allow it in allowlist.extra of PID org.estuary.io.marshaller (for example "
                + "org.estuary.io.fixture.*)"), message);
        assertEquals(List.of(message), log.messages());
    }

    @Test
    void theClassLoaderViewLoadsExportedClassesWithinTheAllowlistOnly() throws Exception {
        FakeBundles bundles = new FakeBundles();
        ClassLoader leases = bundles.install("client.leases", "1.0.0", "Payload");
        bundles.export("org.estuary.io.fixture", "client.leases", "1.0.0");
        ClassLoader view = container(bundles).classLoader();
        assertSame(leases, Class.forName(PAYLOAD, false, view).getClassLoader());
        assertSame(String.class, Class.forName("java.lang.String", false, view));

        Marshaller narrow = Marshallers.builder().bundleLookup(bundles).classLoader(BLIND)
                .filter(SerialFilter.builder().allow("java.**").build()).build();
        int asked = bundles.calls.get();
        ClassNotFoundException refused = assertThrows(ClassNotFoundException.class,
                () -> Class.forName(PAYLOAD, false, narrow.classLoader()));
        assertTrue(refused.getMessage().contains("allowlist.extra"), refused.getMessage());
        assertEquals(asked, bundles.calls.get(), "a class the allowlist refuses reached a bundle");
    }
}
