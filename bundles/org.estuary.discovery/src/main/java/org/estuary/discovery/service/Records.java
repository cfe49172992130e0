package org.estuary.discovery.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.rmi.MarshalledObject;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;

import org.estuary.discovery.protocol.MarshalledObjectInput;
import org.estuary.discovery.tracking.Interest;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;

/**
 * The lookup discovery service's record layout in its store spaces. {@value #REGISTRATIONS}, by registration id:
 * the lease expiration, the groups (a flag for every group, else their names), the locators (host and port), the
 * listener in its marshalled form and the handback. Each value starts with a format version byte. The handback is
 * kept as the client's {@code MarshalledObject}, read back without resolving any class it holds.
 */
final class Records {

    static final String SERVICE = "discovery/service";
    static final String REGISTRATIONS = "discovery/registrations";
    static final String SEQUENCES = "discovery/sequences";

    private static final byte VERSION = 1;

    private final Marshaller marshaller;

    Records(Marshaller marshaller) {
        this.marshaller = marshaller;
    }

    static String key(long registrationId) {
        return Long.toString(registrationId);
    }

    static byte[] encode(Registration r) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeLong(r.expiration());
            String[] groups = r.interest().groupsArray();
            out.writeBoolean(groups == null);
            if (groups != null) {
                out.writeInt(groups.length);
                for (String g : groups) {
                    out.writeUTF(g);
                }
            }
            LookupLocator[] locators = r.interest().locatorsArray();
            out.writeInt(locators.length);
            for (LookupLocator l : locators) {
                out.writeUTF(l.getHost());
                out.writeInt(l.getPort());
            }
            r.listener().writeTo(out);
            out.writeBoolean(r.handback() != null);
            if (r.handback() != null) {
                ObjectOutputStream objects = new ObjectOutputStream(out);
                objects.writeObject(r.handback());
                objects.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    Registration decode(long id, byte[] value) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(value));
        byte version = in.readByte();
        if (version != VERSION) {
            throw new InvalidObjectException("registration record format version " + version
                    + " (this service reads " + VERSION + ")");
        }
        long expiration = in.readLong();
        String[] groups = null;
        if (!in.readBoolean()) {
            groups = new String[count(in.readInt(), value)];
            for (int i = 0; i < groups.length; i++) {
                groups[i] = in.readUTF();
            }
        }
        LookupLocator[] locators = new LookupLocator[count(in.readInt(), value)];
        for (int i = 0; i < locators.length; i++) {
            locators[i] = new LookupLocator(in.readUTF(), in.readInt());
        }
        Marshalled<RemoteEventListener> listener = Marshalled.readFrom(in, marshaller);
        MarshalledObject<?> handback = null;
        if (in.readBoolean()) {
            handback = new MarshalledObjectInput(in, "lookup discovery registration record").readMarshalledObject();
        }
        return new Registration(id, expiration, Interest.register(groups, locators), listener, handback);
    }

    private static int count(int n, byte[] value) throws InvalidObjectException {
        if (n < 0 || n > value.length) {
            throw new InvalidObjectException("registration record with a count of " + n);
        }
        return n;
    }
}
