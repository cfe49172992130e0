package org.estuary.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/** Starting, waiting for and stopping the external processes the tests run. */
final class Processes {

    private Processes() {
    }

    /** Polls {@code condition} until it holds or {@code limit} passes; returns whether it held. */
    static boolean await(Duration limit, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    /** Stops {@code process} and its descendants by PID: TERM first, KILL after a bounded wait. */
    static void stop(Process process) throws InterruptedException {
        List<ProcessHandle> all = process.descendants().collect(Collectors.toList());
        all.add(0, process.toHandle());
        for (ProcessHandle handle : all) {
            handle.destroy();
        }
        for (ProcessHandle handle : all) {
            try {
                handle.onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                handle.destroyForcibly();
            }
        }
    }

    /**
     * A watchdog that kills {@code process} (by its PID, and its children) if this test JVM dies first: a test
     * runner may halt the JVM before an after-class step or a shutdown hook has stopped it. It ends by itself when
     * the process ends.
     */
    static void killWhenThisJvmDies(Process process) throws IOException {
        long self = ProcessHandle.current().pid();
        long pid = process.pid();
        new ProcessBuilder("sh", "-c", "while kill -0 " + self + " 2>/dev/null && kill -0 " + pid
                + " 2>/dev/null; do sleep 1; done; if kill -0 " + pid + " 2>/dev/null; then pkill -9 -P "
                + pid + "; kill -9 " + pid + "; fi")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Unpacks a tar.gz into {@code into} with the system tar, which keeps the scripts' execute bits. */
    static void untar(Path archive, Path into) throws IOException, InterruptedException {
        Files.createDirectories(into);
        Process tar = new ProcessBuilder("tar", "xzf", archive.toString(), "-C", into.toString())
                .redirectErrorStream(true).redirectOutput(into.resolve("tar.log").toFile()).start();
        if (!tar.waitFor(120, TimeUnit.SECONDS) || tar.exitValue() != 0) {
            throw new IOException("tar failed: " + Files.readString(into.resolve("tar.log")));
        }
    }

    /** Replaces or appends {@code key = value} in a Karaf .cfg file. */
    static void setProperty(Path cfg, String key, String value) throws IOException {
        List<String> lines = Files.readAllLines(cfg);
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.startsWith(key + " ") || line.startsWith(key + "=")) {
                lines.set(i, key + " = " + value);
                found = true;
            }
        }
        if (!found) {
            lines.add(key + " = " + value);
        }
        Files.write(cfg, lines);
    }
}
