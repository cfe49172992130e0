package org.estuary.store.api.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs the test mounts itself, so that "the disk is full" is real ENOSPC from the kernel and not a simulation.
 * Mounting needs root (or CAP_SYS_ADMIN): without it the test is skipped with a message on a developer's machine and
 * fails when the environment variable {@code CI} is set, since CI must run it. In this module's test jar, so that every
 * persistent store's disk-full test uses the same one.
 */
public final class SmallTmpfs implements AutoCloseable {

    private final Path mountPoint;

    private SmallTmpfs(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /**
     * Mounts a tmpfs of {@code bytes} at {@code mountPoint} (created if missing), readable by every user (a
     * database server under test may run as its own user).
     */
    public static SmallTmpfs mount(Path mountPoint, long bytes) throws Exception {
        Files.createDirectories(mountPoint);
        String output = run("mount", "-t", "tmpfs", "-o", "size=" + bytes + ",mode=0755", "estuary-test",
                mountPoint.toString());
        if (output != null) {
            String message = "cannot mount a tmpfs for the disk-full test (needs root or CAP_SYS_ADMIN): " + output;
            if (System.getenv("CI") != null) {
                Assertions.fail(message + " (CI is set: this test must not be skipped)");
            }
            Assumptions.abort(message);
        }
        return new SmallTmpfs(mountPoint);
    }

    public Path path() {
        return mountPoint;
    }

    /**
     * Fills what is left of the file system with a ballast file (until the kernel answers ENOSPC) and returns it;
     * deleting it is "space returns".
     */
    public Path fill() throws IOException {
        Path ballast = mountPoint.resolve("ballast");
        byte[] chunk = new byte[4096];
        try (var out = Files.newOutputStream(ballast)) {
            for (int i = 0; i < 1 << 20; i++) { // bounded: 4 GB at most, far above any size this test mounts
                out.write(chunk);
            }
            throw new AssertionError("the tmpfs did not fill up");
        } catch (IOException expected) {
            if (!String.valueOf(expected.getMessage()).toLowerCase().contains("no space left")) {
                throw expected;
            }
        }
        return ballast;
    }

    @Override
    public void close() throws Exception {
        String output = run("umount", mountPoint.toString());
        if (output != null) {
            String lazy = run("umount", "-l", mountPoint.toString()); // a file still open in this JVM: detach
            if (lazy != null) {
                throw new IllegalStateException("cannot unmount the test tmpfs " + mountPoint + ": " + output);
            }
        }
    }

    /** Runs a command; null if it succeeded, otherwise its exit code and output. */
    private static String run(String... command) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return String.join(" ", command) + " did not finish within 30 s";
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return process.exitValue() == 0 ? null : "exit " + process.exitValue() + ": " + output;
    }
}
