package org.estuary.renewal.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;

import net.jini.core.lease.Lease;

import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.lease.client.LandlordLease;

/**
 * LR.2: clients are shown a client lease "as last recorded". Keeping that form per lease doubled the serialized
 * lease in memory (the store holds it too: heap per client lease), so for Estuary's own
 * {@link LandlordLease} it is derived when needed from the live copy and the recorded expiration instead.
 *
 * <p>A {@code LandlordLease} in {@code Lease.ABSOLUTE} format serializes its fields, then its expiration as one
 * {@code long} (its documented serial data, LE.2.2); written alone, that {@code long} is the stream's last block
 * ({@code TC_BLOCKDATA}, length 8, the value, {@code TC_ENDBLOCKDATA}). The expiration is its only state that
 * changes, so the live copy's form with those eight bytes replaced is the recorded form, whatever expiration a
 * renewal in flight has given the live copy meanwhile. Other lease classes keep their recorded form
 * ({@link ClientEntry#held}).
 */
final class RecordedForm {

    private static final byte TC_BLOCKDATA = 0x77;
    private static final byte TC_ENDBLOCKDATA = 0x78;
    /** TC_BLOCKDATA, its length byte, the long, TC_ENDBLOCKDATA. */
    private static final int TRAILER = 11;
    /** {@link Marshalled#writeTo} starts with the object bytes' length. */
    private static final int LENGTH = 4;

    private RecordedForm() {
    }

    /**
     * Whether {@code form}, the marshalled {@code live} copy, can be derived again from {@code live}: an Estuary
     * {@code LandlordLease} whose form ends with its expiration. Checked once per lease, on admission or recovery.
     */
    static boolean derivable(Lease live, Marshalled<Lease> form) {
        if (!(live instanceof LandlordLease) || live.getSerialFormat() != Lease.ABSOLUTE) {
            return false;
        }
        byte[] bytes = bytesOf(form);
        return trailerAt(bytes) >= 0 && readLong(bytes, trailerAt(bytes) + 2) == live.getExpiration();
    }

    /**
     * {@code form} (a derivable lease's marshalled live copy) with the expiration {@code expiration}.
     *
     * @throws InvalidObjectException if {@code form} does not end with an expiration
     */
    static Marshalled<Lease> withExpiration(Marshalled<Lease> form, long expiration, Marshaller marshaller)
            throws IOException {
        byte[] bytes = bytesOf(form);
        int trailer = trailerAt(bytes);
        if (trailer < 0) {
            throw new InvalidObjectException("client lease form does not end with its expiration");
        }
        writeLong(bytes, trailer + 2, expiration);
        return Marshalled.readFrom(new DataInputStream(new ByteArrayInputStream(bytes)), marshaller);
    }

    /** The compact form ({@link Marshalled#writeTo}): object bytes' length, object bytes, annotations. */
    private static byte[] bytesOf(Marshalled<Lease> form) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(form.size() + 8);
        try {
            form.writeTo(new DataOutputStream(out));
        } catch (IOException e) {
            throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }

    /** Where the object bytes' closing expiration block starts, or -1 if they do not end with one. */
    private static int trailerAt(byte[] bytes) {
        if (bytes.length < LENGTH) {
            return -1;
        }
        int end = LENGTH + readInt(bytes, 0);
        int start = end - TRAILER;
        if (start < LENGTH || end > bytes.length) {
            return -1;
        }
        boolean matches = bytes[start] == TC_BLOCKDATA && bytes[start + 1] == 8 && bytes[end - 1] == TC_ENDBLOCKDATA;
        return matches ? start : -1;
    }

    private static int readInt(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 24 | (bytes[at + 1] & 0xff) << 16 | (bytes[at + 2] & 0xff) << 8
                | bytes[at + 3] & 0xff;
    }

    private static long readLong(byte[] bytes, int at) {
        return (long) readInt(bytes, at) << 32 | readInt(bytes, at + 4) & 0xffffffffL;
    }

    private static void writeLong(byte[] bytes, int at, long value) {
        for (int i = 7; i >= 0; i--) {
            bytes[at + i] = (byte) value;
            value >>>= 8;
        }
    }
}
