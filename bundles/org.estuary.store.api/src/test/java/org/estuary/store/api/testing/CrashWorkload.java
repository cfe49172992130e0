package org.estuary.store.api.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * What a backend's crash child JVM runs until {@link CrashKillLoop} kills it (Store S1, S3): several writers apply
 * acknowledged batches and print one line {@code ACK writer seq} after each acknowledgement, for at most 60 s.
 *
 * <p>Writer {@code w}'s batch {@code n} puts {@code w<w>-<n>-a} and {@code -b} in {@code crash/data}, sets
 * {@code crash/last w<w> = n}, and deletes the pair of batch {@code n - 20}: after any crash a writer's records are
 * exactly the pairs of its last 20 batches, with {@code crash/last} naming the newest.
 */
public final class CrashWorkload {

    public static final int WRITERS = 4;
    public static final int WINDOW = 20;

    private CrashWorkload() {
    }

    /** Goes on from what {@code store} holds, prints {@code READY}, then writes until killed or 60 s pass. */
    public static void run(Store store) throws StoreException, InterruptedException {
        long[] next = new long[WRITERS];
        store.scan("crash/last", (k, v) -> next[Integer.parseInt(k.substring(1))] =
                Long.parseLong(new String(v, UTF_8)) + 1);
        System.out.println("READY");
        System.out.flush();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Thread[] threads = new Thread[WRITERS];
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            threads[w] = new Thread(() -> {
                try {
                    for (long n = next[writer]; System.nanoTime() < end; n++) {
                        store.applyAndWait(batch(writer, n), 30, TimeUnit.SECONDS);
                        synchronized (System.out) {
                            System.out.println("ACK " + writer + " " + n);
                            System.out.flush();
                        }
                    }
                } catch (Exception e) {
                    System.out.println("ERROR " + e);
                    System.out.flush();
                }
            });
            threads[w].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    static Batch batch(int writer, long n) {
        Batch.Builder batch = Batch.builder()
                .put("crash/data", key(writer, n, "a"), value(writer, n, 300))
                .put("crash/data", key(writer, n, "b"), value(writer, n, 700))
                .put("crash/last", "w" + writer, Long.toString(n).getBytes(UTF_8));
        if (n >= WINDOW) {
            batch.delete("crash/data", key(writer, n - WINDOW, "a"))
                    .delete("crash/data", key(writer, n - WINDOW, "b"));
        }
        return batch.build();
    }

    static String key(int writer, long n, String part) {
        return "w" + writer + "-" + n + "-" + part;
    }

    /** A value that names its record, so a record read back with another's bytes is caught. */
    static byte[] value(int writer, long n, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            text.append(writer).append(':').append(n).append(';');
        }
        return text.substring(0, length).getBytes(UTF_8);
    }
}
