package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.junit.Test;

/**
 * The soak: 64 remote clients, each with a connection of its own, a third each on the lease renewal service, the event
 * mailbox and the transaction manager (the operations of the kill loop's clients), against the distribution on its
 * embedded store for {@code estuary.soak.seconds} (default 120; {@code bench/run faults soak SECONDS}). Not in the
 * test command. Every {@code estuary.soak.sample.seconds} (default 10) it pauses the load while each client checks its
 * records against the services, as the kill loop does after each restart (the mailbox clients pull what they sent and
 * cancel full registrations, the renewal clients replace full sets: what the services hold stays steady instead of
 * growing until the mailboxes refuse events and the renewal rounds swamp the clients' landlords), and, the load still
 * paused, takes the container JVM's live heap (a class histogram, {@code jcmd GC.class_histogram}, which collects
 * first) and its thread count ({@code /proc/PID/status}); it reports them with the latency percentiles of each
 * service, the classes whose live bytes grew most after the warm-up and the ERROR lines logged after the warm-up (the
 * first fifth), and fails on a wrong answer, an ERROR line or an acknowledged change lost. Whether heap and threads
 * are flat is read from the samples it prints (docs/RELIABILITY.md).
 */
public class Soak {

    private static final int CLIENTS = 64;

    @Test
    public void sixtyFourClientsOnEveryService() throws Exception {
        long seconds = Long.getLong("estuary.soak.seconds", 120);
        long sample = Long.getLong("estuary.soak.sample.seconds", 10);
        RunningDistribution karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        List<EstuaryClient> connections = new ArrayList<>();
        List<AutoCloseable> closing = new ArrayList<>();
        FaultLoad load = null;
        try {
            karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class);
            List<FaultClient> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                EstuaryClient connection = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
                connections.add(connection);
                switch (i % 3) {
                    case 0 -> {
                        RenewalFaultClient renewal = new RenewalFaultClient(connection);
                        closing.add(renewal);
                        clients.add(renewal);
                    }
                    case 1 -> clients.add(new MailboxFaultClient(connection));
                    default -> clients.add(new TxnFaultClient(connection));
                }
            }
            long pid = jvm(karaf);
            load = new FaultLoad(clients, 1, 1);
            long start = System.nanoTime();
            long warmUp = start + TimeUnit.SECONDS.toNanos(seconds / 5);
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            int errorsAfterWarmUp = -1;
            List<String> samples = new ArrayList<>();
            List<String> lost = new ArrayList<>();
            Histogram afterWarmUp = null;
            Histogram last = null;
            long afterWarmUpAt = 0;
            while (System.nanoTime() < end && load.wrong() == null) {
                Thread.sleep(TimeUnit.SECONDS.toMillis(Math.min(sample,
                        Math.max(1, TimeUnit.NANOSECONDS.toSeconds(end - System.nanoTime())))));
                // with no call in flight: the clients' check, then the container's live heap and threads
                long[] threads = new long[1];
                Histogram live = load.paused(() -> {
                    lost.addAll(FaultClient.checkAll(clients));
                    threads[0] = threads(pid);
                    return Histogram.of(pid);
                });
                long elapsed = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
                if (errorsAfterWarmUp < 0 && System.nanoTime() >= warmUp) {
                    errorsAfterWarmUp = errors(karaf);
                    afterWarmUp = live;
                    afterWarmUpAt = elapsed;
                }
                last = live;
                String line = "Soak: t=" + elapsed + "s live_heap_kb=" + live.totalBytes() / 1024 + " threads="
                        + threads[0] + " indefinite=" + load.indefinite();
                samples.add(line);
                System.out.println(line);
            }
            load.stop();
            assertNull("a wrong answer during the soak", load.wrong());
            System.out.println("Soak: " + load.latencies());
            if (afterWarmUp != null && last != afterWarmUp) {
                System.out.println("Soak: live heap growth by class since t=" + afterWarmUpAt + "s: "
                        + last.growthSince(afterWarmUp, 40));
            }
            lost.addAll(FaultClient.checkAll(clients));
            int errors = errors(karaf) - Math.max(0, errorsAfterWarmUp);
            System.out.println("soak: clients=" + CLIENTS + " seconds=" + seconds + " lost=" + lost.size()
                    + " errors_logged=" + errors + " " + samples.get(0).substring(6) + " | "
                    + samples.get(samples.size() - 1).substring(6));
            assertEquals("acknowledged changes lost during the soak", List.of(), lost);
            assertEquals("ERROR lines in the container's log after the warm-up", 0, errors);
        } finally {
            if (load != null) {
                load.stop();
            }
            for (AutoCloseable c : closing) {
                c.close();
            }
            connections.forEach(EstuaryClient::close);
            karaf.close();
        }
    }

    /** The container's JVM: the java process among the processes of bin/karaf. */
    private static long jvm(RunningDistribution karaf) {
        return karaf.karaf.descendants().filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .findFirst().orElseThrow(() -> new AssertionError("no java process under bin/karaf")).pid();
    }

    private static final Pattern ROW = Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");
    private static final Pattern TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$");

    /**
     * The objects alive in the container's JVM: a class histogram ({@code jcmd GC.class_histogram}), which collects
     * the whole heap first and counts what survived, in one command (a collection followed by a separate heap report
     * would count what was allocated in between too). Bytes in total and by class.
     */
    private record Histogram(long totalBytes, Map<String, Long> bytesByClass) {

        static Histogram of(long pid) throws IOException, InterruptedException {
            String text = jcmd(pid, "GC.class_histogram");
            Matcher total = TOTAL.matcher(text);
            if (!total.find()) {
                throw new AssertionError("jcmd GC.class_histogram printed no total: "
                        + text.substring(Math.max(0, text.length() - 400)));
            }
            Map<String, Long> byClass = new HashMap<>();
            for (Matcher row = ROW.matcher(text); row.find();) {
                byClass.merge(row.group(3), Long.parseLong(row.group(2)), Long::sum);
            }
            return new Histogram(Long.parseLong(total.group(1)), byClass);
        }

        /** The {@code rows} classes whose live bytes grew most since {@code earlier}, with their growth in KiB. */
        String growthSince(Histogram earlier, int rows) {
            return bytesByClass.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue() - earlier.bytesByClass.getOrDefault(e.getKey(), 0L)))
                    .filter(e -> e.getValue() > 0)
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .limit(rows)
                    .map(e -> e.getKey() + " +" + e.getValue() / 1024 + " KiB")
                    .collect(Collectors.joining(", "));
        }
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("jcmd " + pid + " " + command + " failed: " + output);
        }
        return output;
    }

    private static long threads(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("Threads:")) {
                return Long.parseLong(line.substring(8).trim());
            }
        }
        throw new IOException("no thread count in /proc/" + pid + "/status");
    }

    /** The ERROR lines of the container's log so far. */
    private static int errors(RunningDistribution karaf) {
        return karaf.logged("| ERROR |");
    }
}
