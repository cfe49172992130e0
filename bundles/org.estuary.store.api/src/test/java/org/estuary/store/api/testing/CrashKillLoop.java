package org.estuary.store.api.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Store;

/**
 * For any backend: a separate JVM runs {@link CrashWorkload} and is killed with SIGKILL at a random moment under
 * load, {@code kills} times; after each kill the store is opened again and must hold every acknowledged batch, whole,
 * and no part of any other. Bounded in count and in time: on a slow host the loop ends at its time bound once
 * {@link #MIN_KILLS} kills are done, and says how many it did.
 */
public final class CrashKillLoop {

    /** How a backend opens its store over the data the child wrote, and closes it again. */
    public interface Opener {
        Store open() throws Exception;

        void close(Store store) throws Exception;
    }

    /** The kills that must be done before the time bound may end the loop. */
    static final int MIN_KILLS = 10;

    private CrashKillLoop() {
    }

    /** The number of kills: {@code estuary.crash.kills}, 50 by default (the test command's short form). */
    public static int kills() {
        return Integer.getInteger("estuary.crash.kills", 50);
    }

    /**
     * Runs the loop; {@code child} is the main class and arguments of the child JVM (on this JVM's class path),
     * whose main opens the store and calls {@link CrashWorkload#run}.
     *
     * @return the highest acknowledged batch per writer, for checks of the caller's own
     */
    public static long[] run(int kills, List<String> child, List<String> jvmOptions, Opener opener)
            throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long[] acked = new long[CrashWorkload.WRITERS];
        Arrays.fill(acked, -1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Math.max(120, kills * 4L));
        for (int kill = 0; kill < kills; kill++) {
            if (System.nanoTime() >= deadline) {
                assertTrue(kill >= Math.min(kills, MIN_KILLS), "kill loop over its time bound after only " + kill
                        + " kills of " + kills);
                System.out.println("kill loop: time bound reached after " + kill + " of " + kills + " kills");
                break;
            }
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of("-XX:TieredStopAtLevel=1", "-Xmx128m"));
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path")));
            command.addAll(child);
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        UTF_8))) {
                    for (String line; (line = in.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (Exception ignored) {
                    // the child died: what it printed before is all there is
                }
                lines.add("EOF");
            });
            reader.start();
            try {
                String first = lines.poll(30, TimeUnit.SECONDS);
                if (!"READY".equals(first)) {
                    fail("child did not start (seed " + seed + "): " + first + " " + lines);
                }
                Thread.sleep(20 + random.nextInt(250)); // the kill lands at a random moment under load
            } finally {
                process.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no close, connections cut
                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "child " + process.pid() + " did not die");
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
            for (String line; (line = lines.poll()) != null;) {
                if (line.startsWith("ACK ")) {
                    String[] parts = line.split(" ");
                    int w = Integer.parseInt(parts[1]);
                    acked[w] = Math.max(acked[w], Long.parseLong(parts[2]));
                } else if (line.startsWith("ERROR")) {
                    fail("child failed (seed " + seed + "): " + line);
                }
            }
            Store store = opener.open();
            try {
                verify(store, acked, "after kill " + (kill + 1) + " (seed " + seed + ")");
            } finally {
                opener.close(store);
            }
        }
        return acked;
    }

    /** Every acknowledged batch is there, and each writer's records are exactly its last batches, whole. */
    private static void verify(Store store, long[] acked, String when) throws Exception {
        Map<String, byte[]> records = new HashMap<>();
        store.scan("crash/data", records::put);
        Map<String, String> last = new HashMap<>();
        store.scan("crash/last", (k, v) -> last.put(k, new String(v, UTF_8)));
        int expected = 0;
        for (int w = 0; w < CrashWorkload.WRITERS; w++) {
            String newest = last.get("w" + w);
            if (newest == null) {
                assertEquals(-1, acked[w], when + ": writer " + w + " acknowledged batches are gone");
                continue;
            }
            long n = Long.parseLong(newest);
            assertTrue(n >= acked[w], when + ": writer " + w + " acknowledged " + acked[w] + " but only " + n
                    + " survived");
            for (long m = Math.max(0, n - CrashWorkload.WINDOW + 1); m <= n; m++) {
                assertArrayEquals(CrashWorkload.value(w, m, 300), records.get(CrashWorkload.key(w, m, "a")),
                        when + ": " + CrashWorkload.key(w, m, "a"));
                assertArrayEquals(CrashWorkload.value(w, m, 700), records.get(CrashWorkload.key(w, m, "b")),
                        when + ": " + CrashWorkload.key(w, m, "b"));
                expected += 2;
            }
        }
        assertEquals(expected, records.size(), when + ": records beyond the writers' last batches");
        assertEquals(expected + last.size(), store.stats().records(), when + ": the store's own count");
    }
}
