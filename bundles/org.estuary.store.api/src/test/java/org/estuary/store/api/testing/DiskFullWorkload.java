package org.estuary.store.api.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * A backend's disk-full test (Store S1, S6, with {@link SmallTmpfs}): batches of two records, {@code full/a <key>} =
 * the value and {@code full/b <key>} = the key, remembered once acknowledged; a loop that writes until the store
 * refuses (bounded in count and time); the check that every acknowledged batch is there whole, and nothing else; and
 * the whole scenario every persistent backend runs ({@link #fillAndRecover}).
 */
public final class DiskFullWorkload {

    /** Opens the backend's store over its files on the small file system. */
    @FunctionalInterface
    public interface Opening {
        Store open() throws Exception;
    }

    /** Closes a store {@link Opening} opened. */
    @FunctionalInterface
    public interface Closing {
        void close(Store store) throws Exception;
    }

    private static final int MAX_BATCHES = 5_000;
    private static final long MAX_SECONDS = 60;

    private final Function<String, byte[]> values;
    private final Map<String, byte[]> acknowledged = new LinkedHashMap<>();

    /** @param values the value of the batch for a key (its size decides how fast the disk fills) */
    public DiskFullWorkload(Function<String, byte[]> values) {
        this.values = values;
    }

    /**
     * Store S6: the disk under the store fills up ({@code tmpfs} filled by a ballast file). The store refuses batches
     * with the retryable {@code FULL}, again while the disk stays full (a batch that still fits into space the store
     * holds may be acknowledged first), every batch it acknowledged stays intact and readable, and once space
     * returns it takes batches again by itself, without a restart; what it acknowledged before and after is there
     * when the store is opened again.
     *
     * @param open opens the store over its files on {@code tmpfs}: once to write, once more to check
     * @param close closes a store {@code open} gave
     * @return the first refusal, whose message the backend checks (the cause, where, the remedy)
     */
    public StoreException fillAndRecover(SmallTmpfs tmpfs, Opening open, Closing close) throws Exception {
        StoreException full;
        Store store = open.open();
        try {
            for (int i = 0; i < 20; i++) {
                put(store, "before-" + i);
            }
            Path ballast = tmpfs.fill();

            full = writeUntilRefused(store, "filling-");
            assertSame(StoreException.Reason.FULL, full.reason(), full.getMessage());
            assertTrue(full.reason().isRetryable());

            StoreException again = writeUntilRefused(store, "while-full-");
            assertSame(StoreException.Reason.FULL, again.reason(), again.getMessage());
            assertIntact(store, "while the disk is full");
            assertTrue(store.stats().failures() >= 2, "the store counts its refusals");

            Files.delete(ballast);
            put(store, "after-space-returns");
            for (int i = 0; i < 10; i++) {
                put(store, "resumed-" + i);
            }
            assertIntact(store, "after space returned");
        } finally {
            close.close(store);
        }
        Store reopened = open.open();
        try {
            assertIntact(reopened, "after reopening the store");
        } finally {
            close.close(reopened);
        }
        return full;
    }

    /** Values of {@code length} bytes that repeat their key (what an embedded store writes as it is). */
    public static Function<String, byte[]> repeatingKey(int length) {
        return key -> {
            StringBuilder text = new StringBuilder();
            while (text.length() < length) {
                text.append(key).append(';');
            }
            return text.substring(0, length).getBytes(StandardCharsets.UTF_8);
        };
    }

    /** Applies the batch for {@code key} and waits; remembered if acknowledged. */
    public void put(Store store, String key) throws Exception {
        byte[] value = values.apply(key);
        store.applyAndWait(Batch.builder().put("full/a", key, value).put("full/b", key, keyBytes(key)).build(), 30,
                TimeUnit.SECONDS);
        acknowledged.put(key, value);
    }

    /** Writes batches {@code prefix0, prefix1...} until one is refused and returns the refusal. */
    public StoreException writeUntilRefused(Store store, String prefix) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_SECONDS);
        for (int i = 0; i < MAX_BATCHES && System.nanoTime() < deadline; i++) {
            try {
                put(store, prefix + i);
            } catch (StoreException e) {
                return e;
            }
        }
        throw new AssertionError("no batch was refused although the disk was full");
    }

    /** Every acknowledged batch is there whole (both records, byte for byte), and no batch is there in part. */
    public void assertIntact(Store store, String when) throws StoreException {
        Map<String, byte[]> a = new HashMap<>();
        store.scan("full/a", a::put);
        Map<String, byte[]> b = new HashMap<>();
        store.scan("full/b", b::put);
        for (Map.Entry<String, byte[]> record : acknowledged.entrySet()) {
            assertArrayEquals(record.getValue(), a.get(record.getKey()), when + ": " + record.getKey());
            assertArrayEquals(keyBytes(record.getKey()), b.get(record.getKey()), when + ": " + record.getKey());
        }
        assertEquals(a.keySet(), b.keySet(), when + ": every batch is there entirely or not at all");
    }

    private static byte[] keyBytes(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
    }
}
