package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URL;
import java.net.URLClassLoader;

import org.junit.jupiter.api.Test;

/** Outside OSGi the streams work with just a ClassLoader; no framework class is needed. */
class PlainJavaTest {

    @Test
    void roundTripWithoutAnyOsgiClassOnTheClassPath() throws Exception {
        // A plain Java client or unit test: the OSGi resolution is only touched with a BundleContext.
        URL library = Marshaller.class.getProtectionDomain().getCodeSource().getLocation();
        URL tests = PlainJavaProbe.class.getProtectionDomain().getCodeSource().getLocation();
        URL api = net.jini.core.event.RemoteEvent.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader client =
                new URLClassLoader(new URL[] {library, tests, api}, ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class, () -> client.loadClass("org.osgi.framework.BundleContext"),
                    "the experiment is meaningful only without OSGi classes");
            Class<?> probe = client.loadClass(PlainJavaProbe.class.getName());
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            Thread.currentThread().setContextClassLoader(client);
            try {
                assertEquals("{k=[1, 2]} {k=[1, 2]} 64", probe.getMethod("roundTrip").invoke(null));
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        }
    }
}
