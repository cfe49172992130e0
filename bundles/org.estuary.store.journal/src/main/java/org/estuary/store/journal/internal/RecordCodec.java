package org.estuary.store.journal.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

import org.estuary.store.api.Names;
import org.estuary.store.api.Store;

/**
 * The payload of one journal record: a (space, key) → value with a CRC-32C over everything after the checksum,
 * so that a flipped bit in a record is found on read (CORRUPT, never skipped). Artemis frames records and checks their
 * sizes but not their contents; this checksum covers what Artemis does not.
 *
 * <pre>
 * int    crc32c of the rest
 * byte   format (1)
 * short  space length, space (UTF-8)
 * short  key length, key (UTF-8)
 * bytes  value (the rest)
 * </pre>
 */
final class RecordCodec {

    static final byte FORMAT = 1;
    private static final int HEADER = 4 + 1 + 2 + 2;
    /**
     * The payload of the largest record a service writes (Store S9): a value of {@link Store#MAX_VALUE_BYTES} under
     * the longest space (ASCII) and the longest key (at most three UTF-8 bytes per UTF-16 character).
     */
    static final int LARGEST_SERVICE_RECORD = HEADER + Names.MAX_SPACE_LENGTH + 3 * Names.MAX_KEY_LENGTH
            + Store.MAX_VALUE_BYTES;

    /** A record read back: where it lives, and where in the payload its value starts (it runs to the end). */
    record Decoded(String space, String key, int valueOffset) {
    }

    /** A record whose checksum or structure does not match. */
    static final class CorruptRecordException extends Exception {
        private static final long serialVersionUID = 1L;

        CorruptRecordException(String message) {
            super(message);
        }
    }

    private RecordCodec() {
    }

    /** The payload's length for these parts, without encoding them. */
    static int size(String space, String key, int valueLength) {
        return HEADER + Names.utf8Length(space) + Names.utf8Length(key) + valueLength;
    }

    /**
     * The payload of (space, key) → the bytes {@code value} has left, read without moving its position: the value
     * is copied once, from the batch's own read-only view of it, and the payload is what the index keeps
     * ({@link Index.Slot}), the value at its end.
     */
    static byte[] encode(String space, String key, ByteBuffer value) {
        byte[] s = utf8(space);
        byte[] k = utf8(key);
        ByteBuffer out = ByteBuffer.allocate(HEADER + s.length + k.length + value.remaining());
        out.position(4);
        out.put(FORMAT).putShort((short) s.length).put(s).putShort((short) k.length).put(k).put(value.duplicate());
        byte[] bytes = out.array();
        CRC32C crc = new CRC32C();
        crc.update(bytes, 4, bytes.length - 4);
        out.putInt(0, (int) crc.getValue());
        return bytes;
    }

    static Decoded decode(byte[] payload) throws CorruptRecordException {
        if (payload == null || payload.length < HEADER) {
            throw new CorruptRecordException("record too short (" + (payload == null ? 0 : payload.length)
                    + " bytes)");
        }
        CRC32C crc = new CRC32C();
        crc.update(payload, 4, payload.length - 4);
        ByteBuffer in = ByteBuffer.wrap(payload);
        if (in.getInt() != (int) crc.getValue()) {
            throw new CorruptRecordException("checksum mismatch");
        }
        byte format = in.get();
        if (format != FORMAT) {
            throw new CorruptRecordException("unknown record format " + format);
        }
        int spaceLength = Short.toUnsignedInt(in.getShort());
        if (spaceLength > in.remaining()) {
            throw new CorruptRecordException("space length beyond the record");
        }
        String space = new String(payload, in.position(), spaceLength, UTF_8);
        in.position(in.position() + spaceLength);
        int keyLength = Short.toUnsignedInt(in.getShort());
        if (keyLength > in.remaining()) {
            throw new CorruptRecordException("key length beyond the record");
        }
        String key = new String(payload, in.position(), keyLength, UTF_8);
        in.position(in.position() + keyLength);
        return new Decoded(space, key, in.position());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(UTF_8);
    }
}
