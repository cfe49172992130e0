package org.estuary.itest;

import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.Test;

/** `java -jar estuary.jar` (bnd-workspace/) starts Felix with the Estuary bundles active, without Karaf. */
public class ExecutableJarIT {

    private static final Pattern ACTIVE_API = Pattern.compile("\\|Active\\s*\\|.*\\|Estuary API ");

    @Test
    public void theExportedJarStartsFelixWithTheApiBundleActive() throws Exception {
        Path jar = Path.of(System.getProperty("estuary.jar"));
        assertTrue("the build exports " + jar, Files.isRegularFile(jar));
        Path dir = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work"),
                "jar-" + System.nanoTime()));
        Process felix = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString()).directory(dir.toFile()).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        try {
            CompletableFuture<Boolean> sawApi = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(felix.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        synchronized (output) {
                            output.append(line).append('\n');
                        }
                        if (ACTIVE_API.matcher(line).find()) {
                            return true;
                        }
                    }
                    return false;
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            Writer shell = new OutputStreamWriter(felix.getOutputStream(), StandardCharsets.UTF_8);
            // Gogo answers `lb` once the framework has started every bundle of -runbundles.
            boolean active = false;
            for (int attempt = 0; attempt < 60 && !active; attempt++) {
                shell.write("lb\n");
                shell.flush();
                try {
                    active = sawApi.get(1, TimeUnit.SECONDS);
                    break;
                } catch (java.util.concurrent.TimeoutException notYet) {
                    // ask again
                }
            }
            synchronized (output) {
                assertTrue("Estuary API not listed as Active:\n" + output, active);
            }
            shell.write("stop 0\n");
            shell.flush();
            assertTrue("Felix stops on `stop 0`", felix.waitFor(60, TimeUnit.SECONDS));
        } finally {
            Processes.stop(felix);
        }
    }
}
