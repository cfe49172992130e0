package net.jini.core.transaction;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** Shared helpers for the transaction tests. */
public final class TransactionTestSupport {

    private TransactionTestSupport() {
    }

    /** Serializes and deserializes {@code o} with Java serialization. */
    @SuppressWarnings("unchecked")
    public static <T> T roundTrip(T o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
}
