package org.estuary.bench.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.lookup.ServiceID;

/**
 * Apache River 2.2.3's Fiddler with the benchmark's registrations, in a JVM of its own on River's classes
 * ({@code org.estuary.bench.discovery.river.FiddlerBench}, started from the command line bench/discovery/run wrote),
 * seen through the lines it prints: {@code ready ...} once its registrations are made, {@code told ID NANOS EVENTS}
 * once every registration was told of a lookup service. Its standard error (River's log) goes to a file. Stopped
 * by closing its standard input, then by its PID.
 */
final class FiddlerProcess implements Told, AutoCloseable {

    private final Process process;
    private final Path log;
    private final Map<ServiceID, Long> allToldAt = new ConcurrentHashMap<>();
    private final AtomicLong events = new AtomicLong();
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile String readyLine;

    private FiddlerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
        Thread reader = new Thread(this::read, "bench-fiddler-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts Fiddler's JVM and waits (at most {@code readySeconds}) until its registrations are made.
     *
     * @param command the JVM's command line, one argument a line, without the registrations and group
     * @param log where its output goes
     */
    static FiddlerProcess start(Path command, int registrations, String group, Path log, long readySeconds)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(Files.readAllLines(command));
        line.addAll(List.of(Integer.toString(registrations), group));
        Process process = new ProcessBuilder(line).redirectError(log.toFile()).start();
        FiddlerProcess fiddler = new FiddlerProcess(process, log);
        if (!fiddler.ready.await(readySeconds, TimeUnit.SECONDS) || fiddler.readyLine == null) {
            fiddler.close();
            throw new IllegalStateException("Fiddler did not make its " + registrations + " registrations within "
                    + readySeconds + " s" + (process.isAlive() ? "" : " (its JVM exited with "
                            + process.exitValue() + ")") + "; see " + log);
        }
        return fiddler;
    }

    /** What Fiddler's JVM printed once its registrations were made: {@code register_per_s=<n>}. */
    String readyLine() {
        return readyLine;
    }

    @Override
    public Long allToldAt(ServiceID id) {
        return allToldAt.get(id);
    }

    @Override
    public long events() {
        return events.get();
    }

    @Override
    public long cpuNanos() {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private void read() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                String[] words = line.split(" ");
                if (words[0].equals("ready")) {
                    readyLine = line.substring("ready".length()).trim();
                    ready.countDown();
                } else if (words[0].equals("told") && words.length == 4) {
                    UUID id = UUID.fromString(words[1]);
                    events.accumulateAndGet(Long.parseLong(words[3]), Math::max);
                    allToldAt.put(new ServiceID(id.getMostSignificantBits(), id.getLeastSignificantBits()),
                            Long.parseLong(words[2]));
                }
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("fiddler: its output could not be read: " + e);
        } finally {
            ready.countDown(); // its JVM ended: start() reports it
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
