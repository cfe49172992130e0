package org.estuary.itest;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;

import net.jini.lease.LeaseRenewalService;

import org.junit.Test;

/**
 * The README's {@code ./run} started by a script, with no terminal on its standard input: it starts Karaf without
 * the console (which would read end-of-file, print its prompt over and over and stop Karaf) and says so.
 */
public class RunScriptIT {

    @Test
    public void withoutATerminalRunStartsTheServerAndSaysSo() throws Exception {
        RunningDistribution karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()),
                home -> { }, RunScriptIT::runWithoutTerminal);
        try {
            karaf.awaitBound(LeaseRenewalService.class);
            String console = Files.readString(karaf.home.resolve("console.log"));
            assertTrue(console, console.contains("No terminal: starting Estuary without the Karaf console"));
            assertFalse("the console prompted: " + console, console.contains("karaf@"));
            assertTrue("Karaf stopped: " + console, karaf.karaf.isAlive());
            // -t 0: the services start at level 25, below bundle:list's default threshold of 50
            String bundles = karaf.ssh("bundle:list -t 0");
            assertTrue(bundles, bundles.contains("Estuary renewal"));
        } finally {
            karaf.close();
        }
    }

    /**
     * {@code ./run} with standard input from /dev/null, in a copy of the repository's layout that holds what the
     * script reads (the version in pom.xml, the built distribution, no source newer than it), on the prepared
     * Karaf home ({@code ESTUARY_HOME}, marked unpacked), so it neither builds nor unpacks.
     */
    private static ProcessBuilder runWithoutTerminal(Path home) throws IOException {
        Path root = home.resolveSibling("repository");
        String version = System.getProperty("estuary.version");
        Files.createDirectories(root.resolve("karaf-assembly/target"));
        for (String folder : new String[] {"cnf", "bundles", "features", "karaf-assembly/src"}) {
            Files.createDirectories(root.resolve(folder));
        }
        Files.writeString(root.resolve("pom.xml"), "<project>\n  <version>" + version + "</version>\n</project>\n");
        Files.writeString(root.resolve("karaf-assembly/pom.xml"), "<project/>\n");
        Path run = root.resolve("run");
        Files.copy(Path.of(System.getProperty("estuary.run")), run, StandardCopyOption.COPY_ATTRIBUTES);
        Path distribution = root.resolve("karaf-assembly/target/estuary-karaf-" + version + ".tar.gz");
        Files.copy(Path.of(System.getProperty("estuary.distribution")), distribution);
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(distribution, FileTime.fromMillis(now + 2_000)); // newer than the layout
        Path unpacked = home.resolve(".unpacked");
        Files.writeString(unpacked, "");
        Files.setLastModifiedTime(unpacked, FileTime.fromMillis(now + 4_000)); // newer than the distribution
        ProcessBuilder builder = new ProcessBuilder(run.toString()).directory(root.toFile())
                .redirectInput(new File("/dev/null"));
        builder.environment().put("ESTUARY_HOME", home.toString());
        return builder;
    }
}
