package org.estuary.renewal.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;

/**
 * The store records of the renewal service and their byte layout (version byte first). Client leases and
 * listeners stay in their {@link Marshalled} form, so a record can be read without their classes.
 *
 * <ul>
 * <li>{@value #SERVICE} {@code id}: the service's UUID (proxies stay equal across restarts)</li>
 * <li>{@value #SETS} {@code <setId>}: the set lease's expiration</li>
 * <li>{@value #LEASES} {@code <key>}: set id, desired expiration, renew duration, actual expiration, the lease's
 * {@link Marshalled#writeTo compact form} (version 2: the marshalled lease written once, not serialized again)</li>
 * <li>{@value #LISTENERS} {@code <setId>.<eventId>}: min warning, listener, handback</li>
 * <li>{@value #SEQUENCE} {@code <setId>.<eventId>}: the reserved sequence number mark (EV.2.3.2)</li>
 * <li>{@value #WARNED} {@code <setId>}: the set expiration an expiration warning was sent for (LR.2.1: one warning
 * per expiration, also across a restart)</li>
 * </ul>
 */
final class Records {

    static final String SERVICE = "renewal/service";
    static final String SETS = "renewal/sets";
    static final String LEASES = "renewal/leases";
    static final String LISTENERS = "renewal/listeners";
    static final String SEQUENCE = "renewal/sequence";
    static final String WARNED = "renewal/warned";
    /** Every space the service writes: what a copy into a new store clears first (S8). */
    static final java.util.List<String> SPACES = java.util.List.of(SERVICE, SETS, LEASES, LISTENERS, SEQUENCE,
            WARNED);
    /** The key of the service id record in {@value #SERVICE}. */

    private static final byte VERSION = 1;
    /** Lease records: the marshalled lease in its compact form, written once, not serialized again. */
    private static final byte LEASE_VERSION = 2;

    private final Marshaller marshaller;

    Records(Marshaller marshaller) {
        this.marshaller = marshaller;
    }

    static String key(long id) {
        return Long.toString(id);
    }

    static String kindKey(long setId, long eventId) {
        return setId + "." + eventId;
    }

    static byte[] encodeLong(long value) {
        return write(out -> out.writeLong(value));
    }

    static long decodeLong(byte[] bytes) throws IOException {
        DataInputStream in = open(bytes);
        return in.readLong();
    }


    /**
     * The record of {@code entry} holding {@code form}, its last recorded or a newer renewed form; the desired
     * expiration is recorded as the wall clock of {@code clock} shows its deadline now.
     */
    byte[] encodeLease(ClientEntry entry, Marshalled<Lease> form, Clock clock) {
        return encodeLease(entry.setId, clock.wallTimeOfDeadline(entry.desiredAt), entry.renewDuration, entry.actual,
                form);
    }

    /** A lease record from its fields; thread-safe, so renewal threads encode outside the service lock. */
    byte[] encodeLease(long setId, long desired, long renewDuration, long actual, Marshalled<Lease> form) {
        // One record per lease held in memory by the memory store, one encoding per renewal: the compact form
        // saves the ~120 bytes and the object stream a serialized Marshalled costs.
        return write(LEASE_VERSION, 1 + 32 + 8 + form.size(), out -> {
            out.writeLong(setId);
            out.writeLong(desired);
            out.writeLong(renewDuration);
            out.writeLong(actual);
            form.writeTo(out);
        });
    }

    /**
     * A lease record as read back: the entry without a live copy (the caller unmarshals it), holding the recorded
     * form, with the record's actual expiration as the recorded one. Its expirations become monotonic deadlines
     * here, once, against {@code clock} as it reads now.
     */
    @SuppressWarnings("unchecked")
    ClientEntry decodeLease(long key, byte[] bytes, Clock clock) throws IOException, ClassNotFoundException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        byte version = in.readByte();
        if (version != LEASE_VERSION) {
            throw new IOException("renewal lease record of unknown version " + version);
        }
        long setId = in.readLong();
        long desired = in.readLong();
        long renewDuration = in.readLong();
        long actual = in.readLong();
        Marshalled<Lease> lease = Marshalled.readFrom(in, marshaller);
        return new ClientEntry(key, setId, null, lease, actual, actual, clock.deadlineOfWallTime(actual),
                clock.deadlineOfWallTime(desired), renewDuration);
    }

    byte[] encodeRegistration(Registration registration) {
        byte[] listener = marshal(registration.marshalledListener);
        byte[] handback = registration.handback == null ? new byte[0] : marshal(registration.handback);
        return write(out -> {
            out.writeLong(registration.minWarning);
            writeBytes(out, listener);
            writeBytes(out, handback);
        });
    }

    /** A registration as read back; its live listener is unmarshalled by the caller. */
    @SuppressWarnings("unchecked")
    Registration decodeRegistration(long setId, long eventId, byte[] bytes, RemoteEventListener live)
            throws IOException, ClassNotFoundException {
        DataInputStream in = open(bytes);
        long minWarning = in.readLong();
        Marshalled<RemoteEventListener> listener = marshaller.unmarshal(readBytes(in), Marshalled.class);
        byte[] handbackBytes = readBytes(in);
        MarshalledObject<?> handback = handbackBytes.length == 0 ? null
                : marshaller.unmarshal(handbackBytes, MarshalledObject.class);
        return new Registration(setId, eventId, live != null ? live : listener.get(), listener, handback,
                minWarning);
    }

    /** The marshalled listener of a registration record, to unmarshal before {@link #decodeRegistration}. */
    @SuppressWarnings("unchecked")
    Marshalled<RemoteEventListener> listenerOf(byte[] bytes) throws IOException, ClassNotFoundException {
        DataInputStream in = open(bytes);
        in.readLong();
        return marshaller.unmarshal(readBytes(in), Marshalled.class);
    }

    private byte[] marshal(Object object) {
        try {
            return marshaller.marshal(object);
        } catch (IOException e) {
            // Marshalled and MarshalledObject are byte holders; this cannot fail short of a JVM problem.
            throw new UncheckedIOException(e);
        }
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("corrupt renewal record: field of " + length + " bytes");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    private static DataInputStream open(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        byte version = in.readByte();
        if (version != VERSION) {
            throw new IOException("renewal record of unknown version " + version);
        }
        return in;
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] write(Writer writer) {
        return write(VERSION, 64, writer);
    }

    /** A record of {@code size} bytes or about that; one of exactly {@code size} bytes is not copied. */
    private static byte[] write(byte version, int size, Writer writer) {
        try {
            SizedBytes bytes = new SizedBytes(size);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeByte(version);
            writer.write(out);
            out.flush();
            return bytes.bytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writing to memory does not fail
        }
    }

    /**
     * A {@link ByteArrayOutputStream} that hands out its buffer itself when the record filled it exactly (a lease
     * record, encoded once per renewal), instead of a copy.
     */
    private static final class SizedBytes extends ByteArrayOutputStream {
        SizedBytes(int size) {
            super(size);
        }

        byte[] bytes() {
            return count == buf.length ? buf : toByteArray();
        }
    }
}
