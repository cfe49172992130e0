package org.estuary.store.jdbc.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 4 item 7 for the jdbc store: the client JVM (the store, not the database) writes acknowledged batches
 * under load and is killed with SIGKILL at random moments, with batches in flight and transactions open. After
 * each kill a new store over the same tables must hold every acknowledged batch, whole, and no part of any other:
 * a batch is acknowledged only after its transaction committed, and a transaction cut off by the kill is rolled
 * back by the server. The short form (the test command) kills {@code estuary.crash.kills} times (50 by default);
 * the long form is {@code mvn test -pl bundles/org.estuary.store.jdbc -Dtest=JdbcCrashKillTest
 * -Destuary.crash.kills=1000}.
 */
class JdbcCrashKillTest {

    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("crash");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyAcknowledgedBatchSurvivesKillMinusNineOfTheClient() throws Exception {
        int kills = Integer.getInteger("estuary.crash.kills", 50);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long[] acked = new long[JdbcCrashChild.WRITERS];
        Arrays.fill(acked, -1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Math.max(120, kills * 4L));
        for (int kill = 0; kill < kills; kill++) {
            assertTrue(System.nanoTime() < deadline, "kill loop over its time bound at kill " + kill);
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                    JdbcCrashChild.class.getName(), Integer.toString(server.port()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), UTF_8))) {
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
                Thread.sleep(20 + random.nextInt(250)); // a random moment under load
            } finally {
                child.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no close, connections cut
                assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child " + child.pid() + " did not die");
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
            verify(acked, "after kill " + (kill + 1) + " (seed " + seed + ")");
        }
        assertTrue(Arrays.stream(acked).allMatch(n -> n > JdbcCrashChild.WINDOW),
                "every writer got batches acknowledged: " + Arrays.toString(acked));
    }

    /** Every acknowledged batch is there, and each writer's records are exactly its last batches, whole. */
    private static void verify(long[] acked, String when) throws Exception {
        JdbcStore store = JdbcStore.open(JdbcCrashChild.dataSource(server.port()), JdbcCrashChild.settings());
        try {
            Map<String, byte[]> records = new HashMap<>();
            store.scan("crash/data", records::put);
            Map<String, String> last = new HashMap<>();
            store.scan("crash/last", (k, v) -> last.put(k, new String(v, UTF_8)));
            int expected = 0;
            for (int w = 0; w < JdbcCrashChild.WRITERS; w++) {
                String newest = last.get("w" + w);
                if (newest == null) {
                    assertEquals(-1, acked[w], when + ": writer " + w + " acknowledged batches are gone");
                    continue;
                }
                long n = Long.parseLong(newest);
                assertTrue(n >= acked[w], when + ": writer " + w + " acknowledged " + acked[w] + " but only " + n
                        + " survived");
                for (long m = Math.max(0, n - JdbcCrashChild.WINDOW + 1); m <= n; m++) {
                    assertArrayEquals(JdbcCrashChild.value(w, m, 300), records.get(JdbcCrashChild.key(w, m, "a")),
                            when + ": " + JdbcCrashChild.key(w, m, "a"));
                    assertArrayEquals(JdbcCrashChild.value(w, m, 700), records.get(JdbcCrashChild.key(w, m, "b")),
                            when + ": " + JdbcCrashChild.key(w, m, "b"));
                    expected += 2;
                }
            }
            assertEquals(expected, records.size(), when + ": records beyond the writers' last batches");
            assertEquals(expected + last.size(), store.stats().records(), when + ": the store's own count");
        } finally {
            store.close();
        }
    }
}
