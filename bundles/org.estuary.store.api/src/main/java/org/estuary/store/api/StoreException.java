package org.estuary.store.api;

import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Why a store refused or failed an operation, in terms an operator can act on (Store S6).
 *
 * <p>The message names the cause and, where there is one, the remedy ("rocksdb store full: no space left on
 * device in /var/estuary/data; free disk space"). {@link #reason()} lets a service decide what its caller sees:
 * a {@link Reason#isRetryable() retryable} reason becomes an indefinite failure the client may retry, the others a
 * definite one. {@link #outcomeUnknown()} says whether the batch may nevertheless have become durable.
 */
@ProviderType
public final class StoreException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The cause of a failure, each with what an operator does about it. */
    public enum Reason {
        /**
         * The medium cannot be reached or failed an I/O operation (disk error, database down or unreachable, a
         * commit not acknowledged in time). Retryable: the store resumes when the cause is gone.
         */
        UNAVAILABLE(true),
        /**
         * The store reached a configured limit or the medium is out of space (records, bytes, disk, database
         * quota). Retryable once records are deleted, the limit is raised or space is freed.
         */
        FULL(true),
        /**
         * The store's bounded queue stayed full for the admission time it may wait: back-pressure. Retryable
         * at once, preferably after a short back-off.
         */
        OVERLOADED(true),
        /**
         * Stored data failed its check on read (a checksum, a record that does not parse). Not retryable: an
         * operator must restore or repair the data; nothing was silently skipped.
         */
        CORRUPT(false),
        /**
         * The store is closed (its component deactivated, its bundle stopping or being replaced). Retryable
         * once the service is bound to a store again.
         */
        CLOSED(true),
        /**
         * The batch alone exceeds what this store accepts (its capacity or maximum batch size), so it fails the
         * same way on every retry. Not retryable without raising the limit.
         */
        TOO_LARGE(false);

        private final boolean retryable;

        Reason(boolean retryable) {
            this.retryable = retryable;
        }

        /** Whether the same operation may succeed later without anything but time or an operator's action. */
        public boolean isRetryable() {
            return retryable;
        }
    }

    private final Reason reason;
    private final boolean outcomeUnknown;

    /**
     * A failure for which the batch (if any) certainly had no effect.
     *
     * @throws NullPointerException if reason or message is null
     */
    public StoreException(Reason reason, String message) {
        this(reason, message, null, false);
    }

    /**
     * A failure with its cause and whether the batch may nevertheless be durable (a sync that failed after the
     * write, a commit whose answer was lost, a wait for the acknowledgement that timed out).
     *
     * @throws NullPointerException if reason or message is null
     */
    public StoreException(Reason reason, String message, Throwable cause, boolean outcomeUnknown) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.outcomeUnknown = outcomeUnknown;
    }

    /**
     * What another JVM receives instead of this exception (as the cause of the {@link StoreFailures} answer a client
     * gets): an {@link IOException} with the reason, the message, the cause's text and the stack trace. A client has
     * no store API classes, and the cause may be the store's own (a driver's); an exception it cannot load would
     * reach it as an {@code UnmarshalException} that loses the message and reads as definite. In this JVM the
     * exception stays itself.
     */
    private Object writeReplace() {
        Throwable cause = getCause();
        IOException sent = new IOException("store failure (" + reason + (outcomeUnknown ? ", outcome unknown" : "")
                + "): " + getMessage() + (cause != null ? " [cause: " + cause + "]" : ""));
        sent.setStackTrace(getStackTrace());
        return sent;
    }

    /** The cause of the failure. */
    public Reason reason() {
        return reason;
    }

    /**
     * True when the failed batch may still be durable and show up in a later scan (or after a restart); false when
     * it certainly had no effect. A service treats an unknown outcome as a failure of the operation: whatever it
     * recovers later is still a state it could have reached.
     */
    public boolean outcomeUnknown() {
        return outcomeUnknown;
    }

    /**
     * The store failure behind what a {@code CompletionStage} of {@link Store#apply} or a future completed with:
     * unwraps {@link CompletionException} and {@link ExecutionException}; anything else is a backend fault
     * reported as {@link Reason#UNAVAILABLE} with an unknown outcome.
     *
     * @throws NullPointerException if thrown is null
     */
    public static StoreException from(Throwable thrown) {
        Objects.requireNonNull(thrown, "thrown");
        Throwable cause = thrown;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof StoreException) {
            return (StoreException) cause;
        }
        return new StoreException(Reason.UNAVAILABLE, "store failed unexpectedly: " + cause, cause, true);
    }
}
