package org.estuary.store.api.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark's server JVM: a main class of this JVM's class path started in a JVM of its own (RMI on 127.0.0.1),
 * ready once it printed {@code READY}; it serves until its standard input closes, which {@link #close} does.
 *
 * <p>The environment variable {@value #OPTIONS} adds JVM options to every server JVM (whitespace-separated), for
 * example a flight recording of the server's side: {@code -XX:StartFlightRecording=filename=server-%p.jfr}.
 */
public final class ServerJvm implements AutoCloseable {

    /** The environment variable whose JVM options every server JVM gets besides its own. */
    public static final String OPTIONS = "ESTUARY_SERVER_JVM_OPTIONS";

    private final Process process;

    private ServerJvm(Process process) {
        this.process = process;
    }

    /**
     * Starts {@code mainClass} with {@code args}, a heap of {@code maxHeap} (as {@code -Xmx} takes it) and the options
     * of {@value #OPTIONS}, its standard error inherited, and waits for its {@code READY} line.
     *
     * @throws IllegalStateException if it printed anything else first or ended
     */
    public static ServerJvm start(String maxHeap, Class<?> mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx" + maxHeap, "-Djava.rmi.server.hostname=127.0.0.1",
                "-Djava.util.logging.config.file=/dev/null"));
        String options = System.getenv(OPTIONS);
        if (options != null && !options.isBlank()) {
            command.addAll(List.of(options.trim().split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        ServerJvm server = new ServerJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start());
        String line = new BufferedReader(new InputStreamReader(server.process.getInputStream(),
                StandardCharsets.UTF_8)).readLine();
        if (!"READY".equals(line)) {
            server.close();
            throw new IllegalStateException("the server JVM (" + mainClass.getName() + ") did not start: " + line);
        }
        return server;
    }

    /** Closes its standard input, so it stops; stops it by force if it has not ended 30 s later. */
    @Override
    public void close() throws IOException {
        process.getOutputStream().close();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
