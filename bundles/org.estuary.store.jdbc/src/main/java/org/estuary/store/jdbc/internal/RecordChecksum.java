package org.estuary.store.jdbc.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.zip.CRC32C;

/**
 * The check every row carries (records are checked on read): CRC-32C over the space, the key and the
 * value, so a value changed outside Estuary, a row moved to another key or damaged storage is reported as
 * CORRUPT when it is read, never handed to a service.
 */
final class RecordChecksum {

    private RecordChecksum() {
    }

    /** The checksum of one record, as stored in the {@code checksum} column (0 to 2^32 - 1). */
    static long of(String space, String key, byte[] value) {
        CRC32C crc = new CRC32C();
        crc.update(space.getBytes(UTF_8));
        crc.update(0);
        crc.update(key.getBytes(UTF_8));
        crc.update(0);
        crc.update(value);
        return crc.getValue();
    }
}
