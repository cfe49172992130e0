package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.UUID;

import org.estuary.io.BundleId;
import org.estuary.io.BundleLookup;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.io.testing.LogCapture;
import org.estuary.remote.fixture.Echo;
import org.estuary.remote.fixture.EchoBackend;
import org.estuary.remote.fixture.hidden.ClientLease;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A plain Java client's classes in a container, over real RMI on 127.0.0.1: a call's argument whose class the
 * service bundle does not see is read through the package a bundle exports (within the allowlist); without such a
 * bundle the client gets an error naming the class and what to install (not the client's allowlist refusing it),
 * and the container logs the same text.
 */
class ClientClassesTest {

    private static final String HIDDEN = "org.estuary.remote.fixture.hidden.";

    /** The service bundle's loader: it does not import the client's package. */
    private static final ClassLoader SERVICE_BUNDLE = new ClassLoader("service-bundle",
            ClientClassesTest.class.getClassLoader()) {
        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith(HIDDEN)) {
                throw new ClassNotFoundException(name + " is not imported by the service bundle");
            }
            return super.loadClass(name, resolve);
        }
    };

    /** The installed bundles: one that exports the client's package, once "installed". */
    private static final class Installed implements BundleLookup {
        volatile boolean exported;
        volatile int asked;

        @Override
        public BundleId bundleOf(Class<?> type) {
            return null;
        }

        @Override
        public List<BundleId> installed(String symbolicName) {
            return List.of();
        }

        @Override
        public Class<?> loadClass(BundleId bundle, String className) throws ClassNotFoundException {
            throw new ClassNotFoundException(className);
        }

        @Override
        public Class<?> loadExported(String className) throws ClassNotFoundException {
            asked++;
            String pkg = className.substring(0, className.lastIndexOf('.'));
            if (!exported || !className.startsWith(HIDDEN)) {
                throw new ClassNotFoundException(className + ": no installed bundle exports package " + pkg);
            }
            return Class.forName(className, false, ClientClassesTest.class.getClassLoader());
        }
    }

    private final Installed bundles = new Installed();
    private LogCapture log;
    private RmiExporter container;
    private Echo service;

    @BeforeEach
    void start() throws Exception {
        log = LogCapture.warnings("org.estuary.io");
        start(SerialFilter.defaults().toBuilder().allow(HIDDEN + "*").build());
    }

    private void start(SerialFilter filter) throws Exception {
        Marshaller marshaller = Marshallers.builder().bundleLookup(bundles).classLoader(SERVICE_BUNDLE)
                .filter(filter).build();
        container = RmiExporter.start(RemoteSettings.builder().registryPort(0).marshaller(marshaller).build());
        EchoBackend backend = new EchoBackend("c");
        Echo inServiceBundle = (Echo) Proxy.newProxyInstance(SERVICE_BUNDLE, new Class<?>[] {Echo.class},
                (proxy, method, args) -> {
                    try {
                        return method.invoke(backend, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        UUID serviceId = UUID.randomUUID();
        container.export(serviceId, Echo.class, inServiceBundle);
        service = (Echo) LocateRegistry.getRegistry("127.0.0.1", container.registryPort(), container.clientSockets())
                .lookup(Exporter.BACKEND_PREFIX + serviceId);
    }

    @AfterEach
    void stop() {
        container.close();
        log.close();
    }

    @Test
    void anArgumentOfAClientsClassIsReadThroughTheBundleThatExportsItsPackage() throws Exception {
        bundles.exported = true;
        assertEquals("mine".hashCode(), service.accept(new ClientLease("mine")));
    }

    @Test
    void aClassNoBundleExportsGivesTheClientAReadableErrorAndTheContainerAWarning() throws Exception {
        ServerException failed = assertThrows(ServerException.class, () -> service.accept(new ClientLease("mine")));
        UnmarshalException arguments = assertInstanceOf(UnmarshalException.class, failed.getCause());
        ClassNotFoundException cause = assertInstanceOf(ClassNotFoundException.class, arguments.getCause());
        String expected = "cannot load class " + HIDDEN + "ClientLease (no bundle annotation) in this container: "
                + "no installed bundle exports package org.estuary.remote.fixture.hidden. Install a bundle that "
                + "exports package org.estuary.remote.fixture.hidden (a plain jar as bundle:install "
                + "wrap:mvn:GROUP/ARTIFACT/VERSION) and allow it in allowlist.extra of PID org.estuary.io.marshaller "
                + "(for example org.estuary.remote.fixture.hidden.*)";
        assertTrue(cause.getMessage().startsWith(expected), cause.getMessage()); // RMI appends a remark of its own
        assertEquals(List.of(expected), log.messages());

        bundles.exported = true; // installed now: the next call works without anything else
        assertEquals("mine".hashCode(), service.accept(new ClientLease("mine")));
    }

    @Test
    void aClassOutsideTheAllowlistIsRefusedBeforeAnyBundleIsAsked() throws Exception {
        container.close();
        List<String> withoutEstuary = new java.util.ArrayList<>(SerialFilter.DEFAULT_ALLOWLIST);
        withoutEstuary.remove("org.estuary.**");
        withoutEstuary.addAll(List.of("org.estuary.remote.*", "org.estuary.remote.fixture.*")); // not .hidden
        start(SerialFilter.builder().allow(withoutEstuary).build());
        bundles.exported = true;
        ServerException failed = assertThrows(ServerException.class, () -> service.accept(new ClientLease("mine")));
        UnmarshalException arguments = assertInstanceOf(UnmarshalException.class, failed.getCause());
        ClassNotFoundException cause = assertInstanceOf(ClassNotFoundException.class, arguments.getCause());
        assertTrue(cause.getMessage().contains(HIDDEN + "ClientLease") && cause.getMessage().contains(
                "add a pattern to 'allowlist.extra' of PID org.estuary.io.marshaller"), cause.getMessage());
        assertEquals(0, bundles.asked, "a bundle was asked for a class the allowlist refuses");
    }
}
