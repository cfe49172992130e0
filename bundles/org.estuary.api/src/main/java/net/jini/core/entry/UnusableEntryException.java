package net.jini.core.entry;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.PrintStream;
import java.io.PrintWriter;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when an entry retrieved from a remote store cannot be fully unmarshalled. Either the entry is partly
 * usable ({@link #partialEntry} holds it with the bad fields set to null, and each name in {@link #unusableFields}
 * pairs with the exception at the same index of {@link #nestedExceptions}), or it is wholly unusable (no partial
 * entry, no field names, exactly one nested exception). The public fields are the published Jini 2.x form.
 */
@ProviderType
public class UnusableEntryException extends Exception {

    private static final long serialVersionUID = -2199083666668626172L;

    /**
     * The entry with its unusable fields set to null, or null if no part of the entry could be used.
     *
     * @serial
     */
    public Entry partialEntry;

    /**
     * The names of the fields that could not be unmarshalled, or null if the whole entry was unusable.
     *
     * @serial
     */
    public String[] unusableFields;

    /**
     * The failures: one per unusable field, or a single element when the whole entry was unusable.
     *
     * @serial
     */
    public Throwable[] nestedExceptions;

    /**
     * Creates an exception for a partly or wholly unusable entry. The arrays are kept, not copied.
     *
     * @param partial the partly unmarshalled entry, or null if nothing could be used
     * @param badFields the names of the unusable fields; must be null when {@code partial} is null
     * @param exceptions the failures, paired by index with {@code badFields}, or the single failure when
     *        {@code partial} is null
     * @throws NullPointerException if {@code exceptions} is null, if {@code partial} is non-null and
     *         {@code badFields} is null, or if either array has a null element
     * @throws IllegalArgumentException if {@code partial} is null and {@code badFields} is non-null or
     *         {@code exceptions} does not have exactly one element, or if {@code partial} is non-null and the two
     *         arrays differ in length
     */
    public UnusableEntryException(Entry partial, String[] badFields, Throwable[] exceptions) {
        check(partial, badFields, exceptions);
        this.partialEntry = partial;
        this.unusableFields = badFields;
        this.nestedExceptions = exceptions;
    }

    /**
     * Creates an exception for an entry that could not be unmarshalled at all: no partial entry, no field names
     * and {@code e} as the only nested exception.
     *
     * @param e the failure
     * @throws NullPointerException if {@code e} is null
     */
    public UnusableEntryException(Throwable e) {
        if (e == null) {
            throw new NullPointerException("e is null");
        }
        this.nestedExceptions = new Throwable[] {e};
    }

    // Shared by the constructor and readObject so a stream cannot produce a state the constructor refuses.
    private static void check(Entry partial, String[] badFields, Throwable[] exceptions) {
        if (exceptions == null) {
            throw new NullPointerException("exceptions is null");
        }
        if (partial == null) {
            if (badFields != null) {
                throw new IllegalArgumentException("badFields must be null when partial is null");
            }
            if (exceptions.length != 1) {
                throw new IllegalArgumentException("exceptions must have exactly one element when partial is null");
            }
        } else {
            if (badFields == null) {
                throw new NullPointerException("badFields is null while partial is non-null");
            }
            if (badFields.length != exceptions.length) {
                throw new IllegalArgumentException("badFields and exceptions differ in length");
            }
            for (String f : badFields) {
                if (f == null) {
                    throw new NullPointerException("badFields has a null element");
                }
            }
        }
        for (Throwable t : exceptions) {
            if (t == null) {
                throw new NullPointerException("exceptions has a null element");
            }
        }
    }

    /** Prints this exception's trace followed by the traces of the nested exceptions. */
    @Override
    public void printStackTrace() {
        printStackTrace(System.err);
    }

    /**
     * Prints this exception's trace followed by the traces of the nested exceptions.
     *
     * @param s the stream to print to
     */
    @Override
    public void printStackTrace(PrintStream s) {
        synchronized (s) {
            super.printStackTrace(s);
            Throwable[] nested = nestedExceptions;
            if (nested != null) {
                for (int i = 0; i < nested.length; i++) {
                    s.println(nestedHeader(i));
                    if (nested[i] != null) {
                        nested[i].printStackTrace(s);
                    }
                }
            }
        }
    }

    /**
     * Prints this exception's trace followed by the traces of the nested exceptions.
     *
     * @param s the writer to print to
     */
    @Override
    public void printStackTrace(PrintWriter s) {
        synchronized (s) {
            super.printStackTrace(s);
            Throwable[] nested = nestedExceptions;
            if (nested != null) {
                for (int i = 0; i < nested.length; i++) {
                    s.println(nestedHeader(i));
                    if (nested[i] != null) {
                        nested[i].printStackTrace(s);
                    }
                }
            }
        }
    }

    private String nestedHeader(int i) {
        String[] fields = unusableFields;
        if (fields != null && i < fields.length) {
            return "Unusable field " + fields[i] + ":";
        }
        return "Nested exception:";
    }

    /**
     * Reads the serial fields and refuses combinations the constructors do not allow.
     *
     * @param in the stream
     * @throws IOException on a stream failure or an inconsistent state
     * @throws ClassNotFoundException if a class of a field cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            check(partialEntry, unusableFields, nestedExceptions);
        } catch (RuntimeException e) {
            InvalidObjectException ioe = new InvalidObjectException("invalid UnusableEntryException: " + e.getMessage());
            ioe.initCause(e);
            throw ioe;
        }
    }

    /**
     * Refuses a stream that carries no data for this class, since the fields could not satisfy the invariants.
     *
     * @throws InvalidObjectException always
     */
    private void readObjectNoData() throws InvalidObjectException {
        throw new InvalidObjectException("no data for UnusableEntryException");
    }
}
