package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The {@code remote} classifier jar, which a plain Java program puts beside the API jar, carries the client side and
 * nothing of the server side: the client, its remote layer and the lease classes (the bundles below), every
 * service's proxy package, and no package of a store or of a service other than its proxy package. Run by Failsafe
 * once the jar is built ({@code remote.jar}); the services are the bundles beside this one that name a
 * {@code proxy.package} in their {@code bnd.bnd}, so a new service is checked without editing this test.
 */
class RemoteJarIT {

    /** The bundles whose packages the client needs (README: this client, remote, and what it uses of io, core, lease). */
    private static final List<String> CLIENT_SIDE = List.of("org.estuary.client", "org.estuary.remote",
            "org.estuary.io", "org.estuary.core", "org.estuary.lease");

    /** Packages of those bundles that serve the services, not their clients. */
    private static final Set<String> SERVER_PACKAGES = Set.of("org.estuary.remote.component",
            "org.estuary.lease.durable");

    private static final Pattern PROXY_PACKAGE = Pattern.compile("(?m)^proxy\\.package:\\s*(\\S+)\\s*$");

    @Test
    void carriesTheClientSideAndEveryProxyPackageAndNothingOfTheServerSide() throws IOException {
        Map<String, String> services = services();
        assertTrue(services.size() >= 4, "service bundles found: " + services);
        Set<String> packages = packages(Path.of(System.getProperty("remote.jar")));

        Set<String> missing = new TreeSet<>(services.values());
        missing.addAll(List.of("org.estuary.client", "org.estuary.lease", "org.estuary.lease.client"));
        missing.removeAll(packages);
        assertEquals(Set.of(), missing, "packages the client needs");

        Set<String> serverSide = packages.stream()
                .filter(p -> p.startsWith("org.estuary."))
                .filter(p -> SERVER_PACKAGES.contains(p) || !services.containsValue(p)
                        && CLIENT_SIDE.stream().noneMatch(bundle -> inBundle(p, bundle)))
                .collect(Collectors.toCollection(TreeSet::new));
        // Store SPI and stores (org.estuary.store.*), services' internals, management and the rest.
        assertEquals(Set.of(), serverSide, "server-side packages in the remote jar " + packages);
    }

    private static boolean inBundle(String pkg, String bundle) {
        return pkg.equals(bundle) || pkg.startsWith(bundle + ".");
    }

    /** Service bundle name to its proxy package, from the bundles' {@code bnd.bnd}. */
    private static Map<String, String> services() throws IOException {
        Map<String, String> services = new TreeMap<>();
        try (Stream<Path> bundles = Files.list(Path.of(System.getProperty("bundles.dir")))) {
            for (Path bnd : bundles.map(b -> b.resolve("bnd.bnd")).filter(Files::isRegularFile).toList()) {
                Matcher proxy = PROXY_PACKAGE.matcher(Files.readString(bnd));
                if (proxy.find()) {
                    services.put(bnd.getParent().getFileName().toString(), proxy.group(1));
                }
            }
        }
        return services;
    }

    /** The packages of the classes in {@code jar}. */
    private static Set<String> packages(Path jar) throws IOException {
        assertTrue(Files.isRegularFile(jar), "the remote jar is built: " + jar);
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class") && n.contains("/"))
                    .map(n -> n.substring(0, n.lastIndexOf('/')).replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
