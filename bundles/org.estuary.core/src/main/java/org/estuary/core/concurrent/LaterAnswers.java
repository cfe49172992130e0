package org.estuary.core.concurrent;

import java.util.Objects;
import java.util.concurrent.CompletionStage;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A call answered when a stage completes rather than when its method returns, so the thread that ran it goes on
 * with other work (a transport reads its connection's next calls) instead of waiting for something slow (a store's
 * sync). The transport {@linkplain #open opens} a slot around the method it invokes; code that ends that method with
 * an answer not known yet {@linkplain #claim claims} it, at most once, and returns a placeholder the transport
 * ignores. Where no slot is open (a caller in the same process, a transport that answers only on return) nothing can
 * be claimed and the code waits as usual.
 *
 * <p>The answer is computed once its stage has completed, in a thread of the transport's, never in the thread that
 * completed the stage (a store's, which must not wait for the locks an answer may take).
 *
 * <p>A claim belongs to the method the transport invoked: code serving a call must not claim the slot for a call it
 * makes in process to another service, whose answer is not the client's.
 */
@ProviderType
public final class LaterAnswers {

    private static final ThreadLocal<Slot> SLOT = new ThreadLocal<>();

    private LaterAnswers() {
    }

    /** A call's answer, computed once the stage it waited for has completed. */
    @FunctionalInterface
    public interface Answer {
        /**
         * The call's return value.
         *
         * @throws Exception what the call throws instead
         */
        Object get() throws Exception;
    }

    /** The transport's slot for one call's later answer, open in the thread that runs the call. */
    public static final class Slot implements AutoCloseable {
        private final Slot outer;
        private CompletionStage<?> ready;
        private Answer answer;
        private boolean closed;

        private Slot(Slot outer) {
            this.outer = outer;
        }

        /** The stage the claimed answer waits for, or null if the method's return is its answer. */
        public CompletionStage<?> ready() {
            return ready;
        }

        /** The claimed answer, to compute once {@link #ready} has completed; null if none was claimed. */
        public Answer answer() {
            return answer;
        }

        /** Ends the call's slot; the slot of an enclosing call, if any, is open again. */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (outer == null) {
                SLOT.remove();
            } else {
                SLOT.set(outer);
            }
        }
    }

    /** For the transport, before it invokes a call's method in this thread: its slot, to close after the call. */
    public static Slot open() {
        Slot slot = new Slot(SLOT.get());
        SLOT.set(slot);
        return slot;
    }

    /** Whether this thread runs a call whose answer may still be claimed. */
    public static boolean possible() {
        Slot slot = SLOT.get();
        return slot != null && slot.ready == null;
    }

    /**
     * Makes {@code answer}, computed once {@code ready} completes (either way), the answer of this thread's call: its
     * value, or what it throws, is sent, and what the method returns is ignored.
     *
     * @throws IllegalStateException if no slot is open or the answer was claimed already ({@link #possible} says)
     */
    public static void claim(CompletionStage<?> ready, Answer answer) {
        Objects.requireNonNull(ready, "ready");
        Objects.requireNonNull(answer, "answer");
        Slot slot = SLOT.get();
        if (slot == null || slot.ready != null) {
            throw new IllegalStateException(slot == null ? "no call of a transport that answers later runs here"
                    : "the call's answer was claimed already");
        }
        slot.ready = ready;
        slot.answer = answer;
    }

    /** The stage the answer claimed by this thread's call waits for, or null. */
    public static CompletionStage<?> claimed() {
        Slot slot = SLOT.get();
        return slot == null ? null : slot.ready;
    }
}
