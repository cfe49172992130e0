package org.estuary.itest;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.Test;

/**
 * `java -jar estuary.jar` (bnd-workspace/) runs the bundle set of the `estuary` feature on Felix without Karaf: the
 * API, the journal store (its default store, with the embedded Artemis journal logging through SLF4J 2) and the
 * lease renewal service bound to it, the journal's files under estuary-data/ in the working directory.
 */
public class ExecutableJarIT {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    public void theExportedJarRunsTheRenewalServiceOnTheJournalStore() throws Exception {
        Path jar = Path.of(System.getProperty("estuary.jar"));
        assertTrue("the build exports " + jar, Files.isRegularFile(jar));
        Path dir = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work"),
                "jar-" + System.nanoTime()));
        Process felix = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString()).directory(dir.toFile()).redirectErrorStream(true).start();
        Gogo shell = new Gogo(felix);
        try {
            // Gogo answers `lb` once the framework has started every bundle of -runbundles.
            for (String bundle : new String[] {"Estuary API", "Estuary store.journal", "Estuary renewal"}) {
                Pattern active = Pattern.compile("\\|Active\\s*\\|.*\\|" + Pattern.quote(bundle) + " ");
                assertTrue(bundle + " not listed as Active:\n" + shell.output(), shell.ask("lb", active));
            }
            // The journal store is registered with its type, and the renewal service is registered and uses it.
            Pattern journalUsedByRenewal = Pattern.compile(
                    "(?s)org\\.estuary\\.store\\.journal \\[\\d+\\] provides:.*store\\.type = journal.*Used by:\\s*"
                            + "org\\.estuary\\.renewal \\[");
            assertTrue("the journal store is not registered or not used by the renewal service:\n" + shell.output(),
                    shell.ask("inspect cap service org.estuary.store.journal", journalUsedByRenewal));
            Pattern renewalService = Pattern.compile(
                    "(?s)org\\.estuary\\.renewal \\[\\d+\\] provides:.*service; net\\.jini\\.lease\\.LeaseRenewalService");
            assertTrue("the lease renewal service is not registered:\n" + shell.output(),
                    shell.ask("inspect cap service org.estuary.renewal", renewalService));
            Path journal = dir.resolve("estuary-data/journal");
            assertTrue("no journal file under " + journal, Processes.await(LIMIT, () -> hasJournalFiles(journal)));
            // SLF4J 2 found its provider (-runpath), so Artemis' log lines are not silently dropped.
            assertFalse(shell.output(), shell.output().contains("No SLF4J providers were found"));

            shell.send("stop 0");
            assertTrue("Felix stops on `stop 0`", felix.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS));
        } finally {
            Processes.stop(felix);
        }
    }

    private static boolean hasJournalFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".jrn"));
        } catch (IOException e) {
            return false;
        }
    }

    /** The Gogo shell of the jar: commands in on stdin, everything it prints collected from stdout. */
    private static final class Gogo {

        private final StringBuilder output = new StringBuilder();
        private final Writer in;

        Gogo(Process process) {
            this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        synchronized (output) {
                            output.append(line).append('\n');
                        }
                    }
                } catch (IOException ended) {
                    // the process is gone; what it printed stays in output
                }
            }, "estuary-jar-output");
            reader.setDaemon(true);
            reader.start();
        }

        String output() {
            synchronized (output) {
                return output.toString();
            }
        }

        void send(String command) throws IOException {
            in.write(command + "\n");
            in.flush();
        }

        /** Sends the command once a second until what it prints matches, for at most {@link #LIMIT}. */
        boolean ask(String command, Pattern expected) throws Exception {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (System.nanoTime() < deadline) {
                int from = output().length();
                send(command);
                if (Processes.await(Duration.ofSeconds(1), () -> expected.matcher(output().substring(from)).find())) {
                    return true;
                }
            }
            return false;
        }
    }
}
