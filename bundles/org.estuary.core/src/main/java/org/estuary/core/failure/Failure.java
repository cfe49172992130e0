package org.estuary.core.failure;

import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Definite or indefinite: what a failed call to a remote object (a client's lease, event listener, participant)
 * says about retrying it.
 *
 * <p>A <em>definite</em> failure will repeat on every retry: the object is gone ({@code NoSuchObjectException}),
 * the callee refused ({@code LeaseException}, {@code UnknownEventException}, any checked exception of the
 * callee's own, a runtime exception or error it threw), or the call cannot be encoded or decoded (a class that
 * cannot be found or serialized). An <em>indefinite</em> failure may clear up: the connection failed or broke,
 * the network or the callee's JVM is unreachable, or the caller ran short of memory. Services retry indefinite
 * failures with back-off until the governing lease ends, and act at once on definite ones (LR.2.1 renewal
 * failures, EM event delivery, EV.2.3 notification).
 */
@ProviderType
public enum Failure {
    /** Retrying will fail the same way. */
    DEFINITE,
    /** Retrying may succeed. */
    INDEFINITE;

    /**
     * Classifies the throwable a remote call (or unmarshalling the object the call concerns) raised.
     *
     * @throws NullPointerException if {@code thrown} is null
     */
    public static Failure of(Throwable thrown) {
        Objects.requireNonNull(thrown, "thrown");
        if (thrown instanceof VirtualMachineError && !(thrown instanceof InternalError)) {
            return INDEFINITE; // out of memory or stack here: not the callee's fault, may pass
        }
        if (!(thrown instanceof RemoteException)) {
            return DEFINITE; // the callee's own answer, or our own failure to decode the object
        }
        if (thrown instanceof NoSuchObjectException) {
            return DEFINITE;
        }
        Throwable cause = ((RemoteException) thrown).detail;
        if (thrown instanceof ServerException || thrown instanceof ServerError) {
            // The callee threw this itself (a RemoteException of its own calls, or an Error): judge that.
            return cause == null ? INDEFINITE : of(cause);
        }
        if (thrown instanceof MarshalException || thrown instanceof UnmarshalException) {
            // Arguments or results that cannot be encoded or decoded fail again; a stream cut mid-call may not.
            return isEncodingProblem(cause) ? DEFINITE : INDEFINITE;
        }
        return INDEFINITE; // connection refused, reset, timed out, unknown host, ...
    }

    /** True for {@code DEFINITE}. */
    public boolean isDefinite() {
        return this == DEFINITE;
    }

    private static boolean isEncodingProblem(Throwable cause) {
        return cause instanceof ClassNotFoundException
                || cause instanceof InvalidClassException
                || cause instanceof NotSerializableException
                || (cause instanceof ObjectStreamException && !(cause instanceof java.io.StreamCorruptedException))
                || cause instanceof LinkageError
                || cause instanceof RuntimeException;
    }
}
