package org.estuary.mailbox.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;

/**
 * The mailbox's record layout in its store spaces. {@value #SERVICE}: the service id. {@value #REGISTRATIONS}, by
 * registration id: the lease expiration, the pull cursor, the iterator state, the push target and the unknown-event
 * list. {@value #EVENTS}, by "registration id.arrival": the event's id, sequence number, source form and bytes. Each
 * value starts with a format version byte.
 */
final class Records {

    static final String SERVICE = "mailbox/service";
    static final String REGISTRATIONS = "mailbox/registrations";
    static final String EVENTS = "mailbox/events";
    static final List<String> SPACES = List.of(SERVICE, REGISTRATIONS, EVENTS);

    private static final byte VERSION = 1;

    private final Marshaller marshaller;

    Records(Marshaller marshaller) {
        this.marshaller = marshaller;
    }

    static String key(long registrationId) {
        return Long.toString(registrationId);
    }

    static String eventKey(long registrationId, long arrival) {
        return registrationId + "." + arrival;
    }


    byte[] encodeRegistration(Registration r, long expiration) {
        return write(out -> {
            out.writeLong(expiration);
            out.writeLong(r.receivedUpTo);
            out.writeLong(r.iteratorSeq);
            out.writeBoolean(r.iteratorOpen);
            out.writeBoolean(r.targetForm != null);
            if (r.targetForm != null) {
                r.targetForm.writeTo(out);
            }
            out.writeInt(r.unknown.size());
            for (UnknownEvent pair : r.unknown) {
                out.writeLong(pair.eventId());
                pair.source().writeTo(out);
            }
        });
    }

    /** Reads a registration record into a new {@link Registration}; the target stays in its recorded form. */
    Registration decodeRegistration(long id, byte[] value) throws IOException {
        DataInputStream in = open(value);
        Registration r = new Registration();
        r.id = id;
        r.expiration = in.readLong();
        r.receivedUpTo = in.readLong();
        r.iteratorSeq = in.readLong();
        r.iteratorOpen = in.readBoolean();
        if (in.readBoolean()) {
            r.targetForm = Marshalled.<RemoteEventListener>readFrom(in, marshaller);
        }
        int unknown = in.readInt();
        if (unknown < 0 || unknown > value.length) {
            throw new InvalidObjectException("unknown-event count " + unknown);
        }
        for (int i = 0; i < unknown; i++) {
            long eventId = in.readLong();
            r.unknown.add(new UnknownEvent(eventId, Marshalled.readFrom(in, marshaller)));
        }
        r.nextArrival = r.receivedUpTo + 1;
        return r;
    }

    byte[] encodeEvent(StoredEvent event) {
        // the exact size (Marshalled.writeTo: two lengths and the bytes), so the record is written in place, once
        int size = 1 + Long.BYTES * 2 + Integer.BYTES * 4 + event.kind.source().size() + event.event.size();
        return write(size, out -> {
            out.writeLong(event.kind.eventId());
            out.writeLong(event.sequenceNumber);
            event.kind.source().writeTo(out);
            event.event.writeTo(out);
        });
    }

    StoredEvent decodeEvent(long arrival, byte[] value) throws IOException {
        DataInputStream in = open(value);
        long eventId = in.readLong();
        long sequenceNumber = in.readLong();
        Marshalled<Object> source = Marshalled.readFrom(in, marshaller);
        Marshalled<RemoteEvent> event = Marshalled.readFrom(in, marshaller);
        StoredEvent stored = new StoredEvent(arrival, new UnknownEvent(eventId, source), sequenceNumber, event);
        stored.durable = true;
        return stored;
    }

    private static DataInputStream open(byte[] value) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(value));
        byte version = in.readByte();
        if (version != VERSION) {
            throw new InvalidObjectException("record format version " + version + " (this service reads "
                    + VERSION + ")");
        }
        return in;
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] write(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /** A record of exactly {@code size} bytes, version byte included, written into its array without a copy. */
    private static byte[] write(int size, Writer writer) {
        byte[] record = new byte[size];
        ByteBuffer buffer = ByteBuffer.wrap(record);
        try (DataOutputStream out = new DataOutputStream(new OutputStream() {
            @Override
            public void write(int b) {
                buffer.put((byte) b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                buffer.put(b, off, len);
            }
        })) {
            out.writeByte(VERSION);
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        if (buffer.hasRemaining()) {
            throw new IllegalStateException("record of " + buffer.position() + " bytes where " + size + " were due");
        }
        return record;
    }
}
