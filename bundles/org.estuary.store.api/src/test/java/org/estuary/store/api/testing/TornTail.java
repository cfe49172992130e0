package org.estuary.store.api.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * What a persistent store's recovery tests write and damage: ten small batches, then a last one whose value carries a
 * marker; the damage a crash or a failing disk does at the marker (a file cut short, a run of zeros, a flipped bit);
 * and the check that recovery kept the ten batches and dropped the last one whole.
 */
public final class TornTail {

    /** A position in one of a store's files. */
    public record Spot(Path file, long offset) {
    }

    private TornTail() {
    }

    /** Writes ten small batches (space {@code rec/a}), then a last one replacing one of them and carrying {@code marker}. */
    public static void write(Store store, String marker) throws Exception {
        for (int i = 0; i < 10; i++) {
            ack(store, Batch.builder().put("rec/a", "k" + i, ("v" + i).getBytes(UTF_8)).build());
        }
        ack(store, Batch.builder().put("rec/a", "k0", "replaced".getBytes(UTF_8))
                .put("rec/last", "big", (marker + "-".repeat(1500)).getBytes(UTF_8)).build());
    }

    /** The ten batches are there, and the last batch is gone as a whole (its replacement of {@code k0} too). */
    public static void assertFirstTenBatches(Store store) throws StoreException {
        Map<String, String> a = contents(store, "rec/a");
        assertEquals(10, a.size());
        assertEquals("v0", a.get("k0"), "the dropped last batch's replacement of k0 is gone as a whole");
        assertEquals(Map.of(), contents(store, "rec/last"));
    }

    /** Writes one batch after recovery (space {@code rec/after}), which a second restart must find. */
    public static void writeAfter(Store store) throws Exception {
        ack(store, Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
    }

    /** The batch {@link #writeAfter} wrote is there. */
    public static void assertAfter(Store store) throws StoreException {
        assertEquals(Map.of("k", "x"), contents(store, "rec/after"));
    }

    /** {@code batch} applied and acknowledged within ten seconds. */
    public static void ack(Store store, Batch batch) throws Exception {
        store.applyAndWait(batch, 10, TimeUnit.SECONDS);
    }

    /** The records of {@code space} as text. */
    public static Map<String, String> contents(Store store, String space) throws StoreException {
        Map<String, String> records = new HashMap<>();
        store.scan(space, (k, v) -> records.put(k, new String(v, UTF_8)));
        return records;
    }

    /** The first file (in name order) ending in {@code suffix} under {@code directory} that holds {@code marker}. */
    public static Spot find(Path directory, String suffix, String marker) throws IOException {
        byte[] needle = marker.getBytes(UTF_8);
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
        for (Path f : files) {
            byte[] content = Files.readAllBytes(f);
            outer:
            for (int i = 0; i + needle.length <= content.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (content[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return new Spot(f, i);
            }
        }
        throw new AssertionError("no " + suffix + " file in " + directory + " holds " + marker + ": " + files);
    }

    /** Cuts the file short {@code keep} bytes after the spot, as a crash during its write leaves it. */
    public static void cut(Spot spot, long keep) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.setLength(spot.offset() + keep);
        }
    }

    /**
     * Zeroes the file from {@code delta} bytes after the spot up to its last non-zero byte, as a pre-allocated file
     * whose tail never reached the disk reads.
     */
    public static void zeroTail(Spot spot, long delta) throws IOException {
        byte[] bytes = Files.readAllBytes(spot.file());
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.seek(spot.offset() + delta);
            file.write(new byte[(int) (end - spot.offset() - delta)]);
        }
    }

    /** Flips one bit of the byte {@code delta} bytes after the spot. */
    public static void flip(Spot spot, long delta) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.seek(spot.offset() + delta);
            int b = file.read();
            file.seek(spot.offset() + delta);
            file.write(b ^ 0x10);
        }
    }
}
