package org.estuary.io;

import java.io.IOException;
import java.io.InvalidClassException;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A deserialization stopped by a {@link SerialFilter}: a class not on the allowlist, or a limit exceeded. The
 * message names the class (when there is one) and the pattern or limit that refused it.
 *
 * <p>A class refused by name comes straight out of {@code readObject}. A limit is checked by the JDK's
 * {@code ObjectInputStream} itself, which reports any filter rejection as a plain {@code InvalidClassException}
 * ("filter status: REJECTED"); on that path this exception is in its cause chain, and {@link Marshaller} and
 * {@link Marshalled#get()} rethrow it as itself.
 */
@ProviderType
public class SerialFilterException extends InvalidClassException {

    private static final long serialVersionUID = 1L;

    /** What the filter objected to. */
    public enum Violation {
        /** The class matched no allowlist pattern. */
        NOT_ALLOWED,
        /** The class matched a rejecting ({@code !}) pattern. */
        REJECTED_BY_PATTERN,
        /** The object graph nests deeper than {@code maxDepth}. */
        DEPTH,
        /** An array is longer than {@code maxArrayLength}. */
        ARRAY_LENGTH,
        /** The stream holds more object references than {@code maxReferences}. */
        REFERENCES,
        /** The stream is longer than {@code maxBytes}. */
        BYTES,
        /** The JVM-wide filter ({@code jdk.serialFilter}) rejected the input. */
        JVM_FILTER,
        /** A hashed collection nests deeper than {@code maxHashDepth} (package 1.4). */
        HASH_DEPTH,
        /** The stream's hashed collections allocate more table slots than {@code maxHashCapacity} (package 1.4). */
        HASH_CAPACITY,
        /** The stream's arrays take more memory ahead of their data than {@code maxArrayMemory} (package 1.4). */
        ARRAY_MEMORY
    }

    /** @serial what the filter objected to */
    private final Violation violation;

    /** @serial the pattern or limit that refused the input, for people */
    private final String reason;

    /**
     * Creates the exception.
     *
     * @param className the refused class, or null when a limit was hit between classes
     * @param violation what the filter objected to
     * @param reason the pattern or limit that refused it, for people
     * @throws NullPointerException if {@code violation} or {@code reason} is null
     */
    public SerialFilterException(String className, Violation violation, String reason) {
        super(className, "rejected by the serial filter: " + Objects.requireNonNull(reason, "reason"));
        this.violation = Objects.requireNonNull(violation, "violation");
        this.reason = reason;
    }

    /** What the filter objected to. */
    public Violation violation() {
        return violation;
    }

    /** The pattern or limit that refused the input, without the class name. */
    public String reason() {
        return reason;
    }

    /** The refused class, or null when a limit was hit between classes. */
    public String className() {
        return classname;
    }

    /**
     * If {@code thrown} was caused by a filter rejection, returns a copy of that rejection with {@code thrown} as
     * its cause, so callers see the clear message first; otherwise returns {@code thrown}.
     */
    static IOException unwrap(IOException thrown) {
        if (thrown instanceof SerialFilterException) {
            return thrown;
        }
        for (Throwable t = thrown.getCause(); t != null && t != thrown; t = t.getCause()) {
            if (t instanceof SerialFilterException rejection) {
                SerialFilterException copy =
                        new SerialFilterException(rejection.classname, rejection.violation, rejection.reason);
                copy.initCause(thrown);
                return copy;
            }
        }
        return thrown;
    }
}
