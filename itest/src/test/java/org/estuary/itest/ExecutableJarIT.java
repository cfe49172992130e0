package org.estuary.itest;

import static org.junit.Assert.assertEquals;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.junit.Test;

/**
 * `java -jar estuary.jar` (bnd-workspace/) runs the bundle set of the `estuary` feature on Felix without Karaf: the
 * API, the embedded store (RocksDB, its native library loaded by Felix from the bundle) and the lease renewal
 * service, event mailbox, transaction manager and lookup discovery service bound to it, the database under
 * estuary-data/ in the working directory; on TERM it stops the framework cleanly (org.estuary.launcher on the jar's
 * -runpath) and the store reopens with its state.
 */
public class ExecutableJarIT {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    public void theExportedJarRunsTheRenewalServiceOnTheEmbeddedStore() throws Exception {
        Path jar = Path.of(System.getProperty("estuary.jar"));
        assertTrue("the build exports " + jar, Files.isRegularFile(jar));
        Path dir = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work"),
                "jar-" + System.nanoTime()));
        Process felix = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString()).directory(dir.toFile()).redirectErrorStream(true).start();
        Gogo shell = new Gogo(felix);
        try {
            // Gogo answers `lb` once the framework has started every bundle of -runbundles.
            for (String bundle : new String[] {"Estuary API", "Estuary store.rocksdb", "Estuary renewal",
                "Estuary mailbox", "Estuary transactions", "Estuary discovery"}) {
                Pattern active = Pattern.compile("\\|Active\\s*\\|.*\\|" + Pattern.quote(bundle) + " ");
                assertTrue(bundle + " not listed as Active:\n" + shell.output(), shell.ask("lb", active));
            }
            // The embedded store is registered with its type, and the renewal service is registered and uses it.
            Pattern storeUsedByRenewal = Pattern.compile(
                    "(?s)org\\.estuary\\.store\\.rocksdb \\[\\d+\\] provides:.*store\\.type = rocksdb.*Used by:"
                            + "(\\s*org\\.estuary\\.[a-z.]+ \\[\\d+\\])*?\\s*org\\.estuary\\.renewal \\[");
            assertTrue("the RocksDB store is not registered or not used by the renewal service:\n" + shell.output(),
                    shell.ask("inspect cap service org.estuary.store.rocksdb", storeUsedByRenewal));
            Pattern renewalService = Pattern.compile(
                    "(?s)org\\.estuary\\.renewal \\[\\d+\\] provides:.*service; net\\.jini\\.lease\\.LeaseRenewalService");
            assertTrue("the lease renewal service is not registered:\n" + shell.output(),
                    shell.ask("inspect cap service org.estuary.renewal", renewalService));
            Path database = dir.resolve("estuary-data/rocksdb");
            assertTrue("no RocksDB database under " + database,
                    Processes.await(LIMIT, () -> Files.isRegularFile(database.resolve("CURRENT"))));

            shell.send("stop 0");
            assertTrue("Felix stops on `stop 0`", felix.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS));
        } finally {
            Processes.stop(felix);
        }
    }

    @Test
    public void termStopsTheFrameworkCleanlyAndTheStoreReopensWithItsState() throws Exception {
        Path dir = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work"),
                "jar-term-" + System.nanoTime()));
        StringBuilder first = new StringBuilder();
        Process felix = scripted(dir, first);
        EstuaryClient client = null;
        Process again = null;
        try {
            client = connect(felix, first);
            LeaseRenewalSet set = client.lookup(LeaseRenewalService.class).createLeaseRenewalSet(3_600_000);
            // the launcher starts org.estuary.launcher right after the framework's init
            assertTrue(text(first), Processes.await(LIMIT, () -> text(first).contains("Estuary: starting; TERM")));
            felix.toHandle().destroy(); // TERM (Process.destroy would also close the pipe the jar logs to)
            assertTrue("the jar exits on TERM:\n" + text(first), felix.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS));
            // the stop's last lines may still be in the pipe when the process has exited
            Processes.await(LIMIT, () -> text(first).contains("Estuary: the framework stopped in "));
            String log = text(first);
            assertTrue(log, log.contains("Estuary: SIGTERM; stopping the framework"));
            assertTrue("the bundles deactivate:\n" + log, log.contains("Estuary rocksdb store closed"));
            assertTrue(log, log.contains("Estuary: the framework stopped in "));
            assertEquals("bnd's launcher exits with STOPPED (117) once the framework has stopped:\n" + log, 117,
                    felix.exitValue());

            StringBuilder second = new StringBuilder();
            again = scripted(dir, second);
            String log2 = reopened(again, second);
            assertTrue("the store reopens with the set:\n" + log2, Pattern.compile(
                    "Estuary rocksdb store active \\([1-9]\\d* records recovered\\)").matcher(log2).find());
            assertEquals("the set made before TERM is there, through the same proxy", 0, set.getLeases().length);
            set.getRenewalSetLease().cancel();
        } finally {
            if (client != null) {
                client.close();
            }
            Processes.stop(felix);
            if (again != null) {
                again.destroy();
                again.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
                Processes.stop(again);
            }
        }
    }

    /**
     * A TERM while the launcher still installs and starts the bundles (sent as soon as the signal handlers are in
     * place, right after the framework's init) stops the framework once they have started, with the same status 117
     * and log lines as later, and leaves a store that reopens.
     */
    @Test
    public void termDuringStartupStopsCleanlyWithTheSameStatus() throws Exception {
        Path dir = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work"),
                "jar-term-start-" + System.nanoTime()));
        StringBuilder first = new StringBuilder();
        // the start may take long on a loaded machine: the bound covers it, and the stop after it
        Process felix = scripted(dir, first, "-Destuary.stop.timeout=" + LIMIT.toSeconds());
        Process again = null;
        try {
            assertTrue(text(first), Processes.await(LIMIT, () -> text(first).contains("Estuary: starting; TERM")));
            felix.toHandle().destroy(); // TERM
            assertTrue("the jar exits on TERM:\n" + text(first),
                    felix.waitFor(2 * LIMIT.toSeconds(), TimeUnit.SECONDS));
            Processes.await(LIMIT, () -> text(first).contains("Estuary: the framework stopped in "));
            String log = text(first);
            assertTrue(log, log.contains("Estuary: the framework stopped in "));
            assertEquals("bnd's launcher's STOPPED (117), not the 143 of a JVM killed by TERM:\n" + log, 117,
                    felix.exitValue());

            StringBuilder second = new StringBuilder();
            again = scripted(dir, second);
            reopened(again, second);
        } finally {
            Processes.stop(felix);
            if (again != null) {
                again.destroy();
                again.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
                Processes.stop(again);
            }
        }
    }

    /** Waits until the restarted jar serves, and checks its store opened again; returns its log. */
    private static String reopened(Process again, StringBuilder out) throws Exception {
        connect(again, out).close();
        String log = text(out);
        assertTrue(log, log.contains("Estuary rocksdb store active"));
        return log;
    }

    /** The jar as a script or a service manager runs it (the documented form), its output collected into {@code out}. */
    private static Process scripted(Path dir, StringBuilder out, String... options) throws IOException {
        Path jar = Path.of(System.getProperty("estuary.jar"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Dgosh.args=--nointeractive"));
        command.addAll(List.of(options));
        command.addAll(List.of("-jar", jar.toString()));
        Process process = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        collect(process, out);
        return process;
    }

    /** Collects what {@code process} prints into {@code out}, on a daemon thread. */
    private static void collect(Process process, StringBuilder out) {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    synchronized (out) {
                        out.append(line).append('\n');
                    }
                }
            } catch (IOException ended) {
                // the process is gone; what it printed stays in out
            }
        }, "estuary-jar-output");
        reader.setDaemon(true);
        reader.start();
    }

    private static String text(StringBuilder out) {
        synchronized (out) {
            return out.toString();
        }
    }

    /** A client of the jar's registry once the renewal service is bound there. */
    private static EstuaryClient connect(Process process, StringBuilder out) throws Exception {
        EstuaryClient[] connected = new EstuaryClient[1];
        assertTrue("the renewal service is not bound on 127.0.0.1:4170:\n" + text(out),
                Processes.await(Duration.ofSeconds(120), () -> {
                    if (!process.isAlive()) {
                        return false;
                    }
                    try {
                        EstuaryClient client = EstuaryClient.connect("127.0.0.1", 4170);
                        if (client.names().contains(LeaseRenewalService.class.getName())) {
                            connected[0] = client;
                            return true;
                        }
                        client.close();
                    } catch (Exception notYet) {
                        // not yet listening
                    }
                    return false;
                }));
        return connected[0];
    }

    /** The Gogo shell of the jar: commands in on stdin, everything it prints collected from stdout. */
    private static final class Gogo {

        private final StringBuilder output = new StringBuilder();
        private final Writer in;

        Gogo(Process process) {
            this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            collect(process, output);
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
