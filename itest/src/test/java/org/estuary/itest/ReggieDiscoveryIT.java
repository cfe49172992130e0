package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.lookup.ServiceRegistrar;

import org.estuary.core.time.Clock;
import org.estuary.discovery.net.NetworkNamespace;
import org.estuary.discovery.net.UnicastDiscovery;
import org.estuary.discovery.testing.RegistrarSearch;
import org.estuary.itest.clients.DiscoverReggie;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * DJ unicast discovery against another implementation: Apache River 2.2.3's lookup service, Reggie (started by
 * {@link ReggieProcess}, on 127.0.0.1, without multicast), is discovered by a plain Java program
 * ({@link DiscoverReggie}) with Estuary's API and discovery jars first on its class path and Reggie's proxy classes
 * behind them, and its registrar works through the proxy the discovery returned. A second Reggie, confined to a
 * network namespace of the test's own with multicast on its loopback interface, is found by multicast request.
 */
public class ReggieDiscoveryIT {

    private static ReggieProcess reggie;

    @BeforeClass
    public static void startReggie() throws Exception {
        reggie = ReggieProcess.start(Path.of("target", "reggie", Long.toHexString(System.nanoTime()))
                .toAbsolutePath());
    }

    @AfterClass
    public static void stopReggie() throws InterruptedException {
        if (reggie != null) {
            reggie.close();
        }
    }

    @Test
    public void reggieIsDiscoveredByUnicastAndItsRegistrarWorksThroughTheReturnedProxy() throws Exception {
        String output = runDiscoverReggie(List.of(), reggie, "unicast");
        assertTrue(output, output.contains("unicast response: com.sun.jini.reggie.RegistrarProxy"));
        assertTrue(output, output.contains("looked up: estuary discovery probe"));
        assertTrue(output, output.contains("tracker discovered "));
    }

    /** DJ multicast request protocol: Reggie and the program share a network namespace with multicast on lo. */
    @Test
    public void reggieIsDiscoveredByMulticastInANetworkNamespace() throws Exception {
        try (NetworkNamespace netns = NetworkNamespace.create("estuary-reggie")) {
            ReggieProcess confined = ReggieProcess.startInNamespace(Path.of("target", "reggie",
                    Long.toHexString(System.nanoTime())).toAbsolutePath(), netns);
            try {
                String output = runDiscoverReggie(netns.command(), confined, "multicast");
                assertTrue(output, output.contains("looked up: estuary discovery probe"));
                assertTrue(output, output.contains("multicast discovered "));
            } finally {
                confined.close();
            }
        }
    }

    private static String runDiscoverReggie(List<String> prefix, ReggieProcess lookup, String mode)
            throws Exception {
        List<Path> classPath = new ArrayList<>(List.of(ReadmePrograms.jarOf(ServiceRegistrar.class),
                ReadmePrograms.jarOf(Clock.class), ReadmePrograms.jarOf(UnicastDiscovery.class),
                ReadmePrograms.jarOf(RegistrarSearch.class), ReadmePrograms.jarOf(DiscoverReggie.class), ReggieProcess.river("reggie-dl"),
                ReggieProcess.river("jsk-dl"), ReggieProcess.river("jsk-platform")));
        String path = String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
        Path log = Files.createTempFile(Path.of("target"), "discover-reggie", ".txt");
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", path,
                DiscoverReggie.class.getName(), Integer.toString(lookup.port), mode));
        Process program = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue("DiscoverReggie did not finish within 120 s", program.waitFor(120, TimeUnit.SECONDS));
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(output + "\nReggie:\n" + lookup.log(), 0, program.exitValue());
            return output;
        } finally {
            if (program.isAlive()) {
                program.destroyForcibly();
                program.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
