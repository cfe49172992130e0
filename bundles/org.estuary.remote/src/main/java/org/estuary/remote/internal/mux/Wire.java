package org.estuary.remote.internal.mux;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The multiplexed transport's wire form. A connection opens with {@link #GREETING} from the client; then both sides
 * send frames, each a header of {@link #HEADER_BYTES} (payload length, call id, kind) and the payload. Calls of many
 * client threads share a connection, each reply naming its call's id; replies come in any order.
 *
 * <ul>
 * <li>{@link #CALL}: export id (two longs), method hash (a long), then the arguments as one Java serialization
 * stream.</li>
 * <li>{@link #RETURN}: the result as a serialization stream (nothing for {@code void}).</li>
 * <li>{@link #THROW}: the exception the method threw, or the server's reason it could not run or answer the call
 * (an {@code UnmarshalException} for arguments it could not read), as a serialization stream.</li>
 * <li>{@link #NO_SUCH_OBJECT}: nothing is exported under that id (any more); the call did not run.</li>
 * <li>{@link #PING} / {@link #PONG}: a liveness check of a connection that was idle (no payload).</li>
 * </ul>
 */
final class Wire {

    /** What a client sends first: "EMUX" and the protocol version 1. */
    static final byte[] GREETING = {'E', 'M', 'U', 'X', 1};
    static final int HEADER_BYTES = 4 + 8 + 1;

    static final byte CALL = 1;
    static final byte RETURN = 2;
    static final byte THROW = 3;
    static final byte NO_SUCH_OBJECT = 4;
    static final byte PING = 5;
    static final byte PONG = 6;

    private Wire() {
    }

    /** Writes a frame's header into {@code to}. */
    static void header(byte[] to, int payloadLength, long callId, byte kind) {
        putInt(to, 0, payloadLength);
        putLong(to, 4, callId);
        to[12] = kind;
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static void putLong(byte[] b, int at, long v) {
        putInt(b, at, (int) (v >>> 32));
        putInt(b, at + 4, (int) v);
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }

    static long getLong(byte[] b, int at) {
        return (long) getInt(b, at) << 32 | getInt(b, at + 4) & 0xffffffffL;
    }

    /**
     * A method's hash: the first eight bytes of the SHA-1 of its name and JVM descriptor, so both sides agree on a
     * method by its signature whatever order their copies of the interface list it in.
     */
    static long methodHash(Method method) {
        StringBuilder signature = new StringBuilder(method.getName()).append('(');
        for (Class<?> parameter : method.getParameterTypes()) {
            signature.append(descriptor(parameter));
        }
        signature.append(')').append(descriptor(method.getReturnType()));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(signature.toString()
                    .getBytes(StandardCharsets.UTF_8));
            return getLong(digest, 0);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is a mandatory JDK algorithm", e);
        }
    }

    private static String descriptor(Class<?> type) {
        if (type.isArray()) {
            return type.getName().replace('.', '/');
        }
        if (!type.isPrimitive()) {
            return "L" + type.getName().replace('.', '/') + ";";
        }
        if (type == void.class) {
            return "V";
        }
        if (type == boolean.class) {
            return "Z";
        }
        if (type == long.class) {
            return "J";
        }
        return String.valueOf(Character.toUpperCase(type.getName().charAt(0)));
    }
}
