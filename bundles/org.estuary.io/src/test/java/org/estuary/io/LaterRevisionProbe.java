package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;

/**
 * Runs in a second copy of this library's classes ({@link ReadScopeTest}), as a later revision of the bundle after
 * {@code bundle:update}: its scopes must apply although the first copy installed what applies them.
 */
public final class LaterRevisionProbe {

    private LaterRevisionProbe() {
    }

    /** Reads {@code stream} once in a scope of this copy that allows only strings, once outside. */
    public static String read(byte[] stream) throws Exception {
        Marshaller strings = Marshallers.builder().classLoader(LaterRevisionProbe.class.getClassLoader())
                .filter(SerialFilter.builder().allow("java.lang.String").build()).build();
        String scoped;
        try (ReadScope.Entered in = ReadScope.forReplies(strings, null).enter()) {
            scoped = outcome(stream);
        }
        return scoped + " " + outcome(stream);
    }

    private static String outcome(byte[] stream) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            return "ok:" + in.readObject().getClass().getSimpleName();
        } catch (java.io.InvalidClassException refused) {
            return "refused";
        }
    }
}
