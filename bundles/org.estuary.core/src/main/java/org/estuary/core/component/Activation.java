package org.estuary.core.component;

import java.util.ArrayDeque;
import java.util.Deque;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The steps a component takes to become active (threads, recovery, service registrations), each recorded with its
 * undo. A step that throws first undoes every step before it, newest first, then rethrows: an activation either
 * completes or leaves nothing running, because the framework calls no deactivation for a component whose
 * activation failed. {@link #close()} undoes every recorded step, newest first: the deactivation.
 *
 * <p>An undo that throws does not stop the others: its failure is logged (WARNING, with the step's name) and, when
 * a step failed, added to that step's exception as suppressed. Thread safety: one activation is driven by one
 * thread at a time (DS calls a component's activate and deactivate in turn); {@link #close()} may be called more
 * than once.
 */
@ProviderType
public final class Activation implements AutoCloseable {

    /** What a step does. */
    @ConsumerType
    @FunctionalInterface
    public interface Step<T, E extends Exception> {
        T run() throws E;
    }

    /** How a step is undone. */
    @ConsumerType
    @FunctionalInterface
    public interface Undo<T> {
        void undo(T started) throws Exception;
    }

    private static final System.Logger LOG = System.getLogger(Activation.class.getName());

    private record Done(String name, Runnable undo) {
    }

    private final String owner;
    private final Deque<Done> done = new ArrayDeque<>();

    /** @param owner what is activated, for log messages ("the lease renewal service") */
    public Activation(String owner) {
        this.owner = owner;
    }

    /**
     * Runs a step and records its undo; if the step throws, undoes every recorded step first.
     *
     * @param name the step, for log messages ("renewal threads")
     * @return what the step returned
     * @throws E what the step threw, after everything started before it was undone
     */
    public <T, E extends Exception> T start(String name, Step<T, E> step, Undo<? super T> undo) throws E {
        T started = run(step);
        done.push(new Done(name, () -> {
            try {
                undo.undo(started);
            } catch (Exception e) {
                throw new UndoFailed(e);
            }
        }));
        return started;
    }

    /** A step whose result is its own undo: {@code close()}. */
    public <T extends AutoCloseable, E extends Exception> T start(String name, Step<T, E> step) throws E {
        return start(name, step, AutoCloseable::close);
    }

    /** Runs a step that needs no undo; if it throws, undoes every recorded step first, then rethrows. */
    public <T, E extends Exception> T run(Step<T, E> step) throws E {
        try {
            return step.run();
        } catch (Exception | Error e) {
            undoAll(e);
            throw e;
        }
    }

    /** Undoes every recorded step, newest first. */
    @Override
    public void close() {
        undoAll(null);
    }

    private void undoAll(Throwable cause) {
        while (!done.isEmpty()) {
            Done step = done.pop();
            try {
                step.undo().run();
            } catch (RuntimeException | Error e) {
                Throwable failure = e instanceof UndoFailed ? e.getCause() : e;
                LOG.log(System.Logger.Level.WARNING, "Stopping " + owner + ": undoing '" + step.name()
                        + "' failed (" + failure + "); the other steps are undone all the same", failure);
                if (cause != null) {
                    cause.addSuppressed(failure);
                }
            }
        }
    }

    /** Carries an undo's checked exception through {@link Runnable}. */
    private static final class UndoFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UndoFailed(Exception cause) {
            super(cause);
        }
    }
}
