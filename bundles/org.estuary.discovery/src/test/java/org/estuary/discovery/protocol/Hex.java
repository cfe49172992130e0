package org.estuary.discovery.protocol;

import java.nio.charset.StandardCharsets;

/** Expected packets written out field by field in hexadecimal, independent of the codecs under test. */
final class Hex {

    private Hex() {
    }

    static String int32(int v) {
        return String.format("%08x", v);
    }

    static String int64(long v) {
        return String.format("%016x", v);
    }

    /** A short ASCII string as writeUTF writes it: two-byte length, then the bytes. */
    static String utf(String ascii) {
        byte[] b = ascii.getBytes(StandardCharsets.US_ASCII);
        StringBuilder s = new StringBuilder(String.format("%04x", b.length));
        for (byte x : b) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }

    static String of(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte x : bytes) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }

    static byte[] bytes(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
