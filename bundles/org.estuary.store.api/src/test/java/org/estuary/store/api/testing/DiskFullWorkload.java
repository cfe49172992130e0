package org.estuary.store.api.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * The write side of a backend's disk-full test (Store S1, S6, with {@link SmallTmpfs}): batches of two records,
 * {@code full/a <key>} = the value and {@code full/b <key>} = the key, remembered once acknowledged; a loop that writes
 * until the store refuses (bounded in count and time); and the check that every acknowledged batch is there whole, and
 * nothing else.
 */
public final class DiskFullWorkload {

    private static final int MAX_BATCHES = 5_000;
    private static final long MAX_SECONDS = 60;

    private final Function<String, byte[]> values;
    private final Map<String, byte[]> acknowledged = new LinkedHashMap<>();

    /** @param values the value of the batch for a key (its size decides how fast the disk fills) */
    public DiskFullWorkload(Function<String, byte[]> values) {
        this.values = values;
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
