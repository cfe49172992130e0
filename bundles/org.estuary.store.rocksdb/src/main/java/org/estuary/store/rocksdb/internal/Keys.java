package org.estuary.store.rocksdb.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;

/**
 * How (space, key) becomes one RocksDB key: the space in ASCII, a 0 byte, the key in UTF-8. Neither a space nor a
 * key contains U+0000 ({@code Names}), and UTF-8 writes a 0 byte only for it, so the first 0 byte splits the two
 * and every record of a space lies between {@link #lower} and {@link #upper}, which an iterator seeks to.
 */
final class Keys {

    private Keys() {
    }

    static byte[] of(String space, String key) {
        byte[] s = space.getBytes(UTF_8);
        byte[] k = key.getBytes(UTF_8);
        byte[] out = Arrays.copyOf(s, s.length + 1 + k.length);
        System.arraycopy(k, 0, out, s.length + 1, k.length);
        return out;
    }

    /** The first key a record of {@code space} can have. */
    static byte[] lower(String space) {
        byte[] s = space.getBytes(UTF_8);
        return Arrays.copyOf(s, s.length + 1);
    }

    /** The first key after every record of {@code space}. */
    static byte[] upper(String space) {
        byte[] bound = lower(space);
        bound[bound.length - 1] = 1;
        return bound;
    }

    /** The length of the space part of a stored key (the index of its 0 byte). */
    static int spaceLength(byte[] stored) {
        for (int i = 0; i < stored.length; i++) {
            if (stored[i] == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a key of this store: no separator");
    }

    static String space(byte[] stored) {
        return new String(stored, 0, spaceLength(stored), UTF_8);
    }

    static String key(byte[] stored) {
        int start = spaceLength(stored) + 1;
        return new String(stored, start, stored.length - start, UTF_8);
    }

    /** The key's share of a record's logical size: its UTF-8 length. */
    static int keyBytes(byte[] stored) {
        return stored.length - spaceLength(stored) - 1;
    }
}
