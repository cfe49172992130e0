package org.estuary.discovery.protocol;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

import net.jini.core.lookup.ServiceID;

/**
 * The primitives the version 1 packets are made of, as {@link DataOutputStream} writes them: big-endian ints, a
 * service id as its most and then least significant long, strings in modified UTF-8 behind a two-byte length.
 */
final class Wire {

    /** Bytes of an int. */
    static final int INT = 4;

    /** Bytes of a service id: two longs. */
    static final int SERVICE_ID = 16;

    private Wire() {
    }

    /**
     * Bytes {@link DataOutputStream#writeUTF} writes for the string: the two-byte length and modified UTF-8.
     *
     * @param s the string
     * @return its encoded size
     */
    static int utfSize(String s) {
        int size = 2;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            size += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
        }
        return size;
    }

    /**
     * Checks a set of groups and removes duplicates, keeping the order of first appearance.
     *
     * @param groups the groups
     * @param what what the groups belong to, for the messages
     * @return the distinct groups
     * @throws NullPointerException if the collection or an element is null
     * @throws IllegalArgumentException if a group is longer than modified UTF-8 can encode (65535 bytes)
     */
    static List<String> groups(Collection<String> groups, String what) {
        if (groups == null) {
            throw new NullPointerException(what + ": groups is null");
        }
        List<String> result = new ArrayList<>(new LinkedHashSet<>(groups));
        for (String g : result) {
            if (g == null) {
                throw new NullPointerException(what + ": a group is null");
            }
            if (utfSize(g) - 2 > 0xFFFF) {
                throw new IllegalArgumentException(what + ": group longer than 65535 bytes in modified UTF-8");
            }
        }
        return List.copyOf(result);
    }

    static void writeServiceId(DataOutputStream out, ServiceID id) throws IOException {
        out.writeLong(id.getMostSignificantBits());
        out.writeLong(id.getLeastSignificantBits());
    }

    static void writeGroups(DataOutputStream out, List<String> groups) throws IOException {
        out.writeInt(groups.size());
        for (String g : groups) {
            out.writeUTF(g);
        }
    }

    /** A reader over one packet that turns running out of bytes into a protocol error naming the packet kind. */
    static final class Reader {
        private final DataInputStream in;
        private final String kind;

        Reader(byte[] data, int offset, int length, String kind) {
            this.in = new DataInputStream(new ByteArrayInputStream(data, offset, length));
            this.kind = kind;
        }

        /** Reads the version and refuses any but 1. */
        void version() throws DiscoveryProtocolException {
            int version = readInt();
            if (version != Discovery.PROTOCOL_VERSION) {
                throw new DiscoveryProtocolException(kind + " of protocol version " + version
                        + "; only version " + Discovery.PROTOCOL_VERSION + " is supported");
            }
        }

        int readInt() throws DiscoveryProtocolException {
            try {
                return in.readInt();
            } catch (IOException e) {
                throw truncated(e);
            }
        }

        /** Reads a count and checks that at least that many items of the given least size can follow. */
        int count(String what, int leastItemSize) throws DiscoveryProtocolException {
            int n = readInt();
            if (n < 0) {
                throw new DiscoveryProtocolException(kind + " with a negative " + what + " count: " + n);
            }
            try {
                if ((long) n * leastItemSize > in.available()) {
                    throw new DiscoveryProtocolException(kind + " announces " + n + " " + what + " but holds only "
                            + in.available() + " more bytes");
                }
            } catch (IOException e) {
                throw truncated(e);
            }
            return n;
        }

        ServiceID serviceId() throws DiscoveryProtocolException {
            try {
                return new ServiceID(in.readLong(), in.readLong());
            } catch (IOException e) {
                throw truncated(e);
            }
        }

        String utf() throws DiscoveryProtocolException {
            try {
                return in.readUTF();
            } catch (UTFDataFormatException e) {
                throw new DiscoveryProtocolException(kind + " holds a string that is not modified UTF-8", e);
            } catch (IOException e) {
                throw truncated(e);
            }
        }

        List<String> groups() throws DiscoveryProtocolException {
            int n = count("group", 2);
            List<String> groups = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                groups.add(utf());
            }
            return groups;
        }

        private DiscoveryProtocolException truncated(IOException e) {
            return new DiscoveryProtocolException(kind + " is truncated"
                    + (e instanceof EOFException ? "" : ": " + e), e);
        }
    }

    /** A packet being written, with the size it may not exceed. */
    static final class Packet {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final DataOutputStream out = new DataOutputStream(bytes);

        byte[] toByteArray() {
            return bytes.toByteArray();
        }

        int size() {
            return out.size();
        }
    }
}
