package org.estuary.event;

import java.io.IOException;
import java.util.OptionalLong;

import org.estuary.event.internal.InMemoryHighWaterMark;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Where {@link SequenceNumbers} keeps, per kind of event, the highest sequence number it may have handed out.
 * A service implements it over its store (one record per kind); {@link #inMemory()} is the volatile one.
 *
 * <p>The contract that makes numbers survive a restart (EV.2.3.2: never a repeat, never a decrease): {@link
 * #reserve} returns only when the new mark is as durable as the service's store makes anything, and {@link
 * #load} after a restart returns the last mark a {@code reserve} call returned for.
 */
@ConsumerType
public interface HighWaterMark {

    /**
     * The mark last reserved for {@code kind}, or empty if none was ever reserved.
     *
     * @throws IOException if the store cannot be read; the caller retries later
     */
    OptionalLong load(EventKind kind) throws IOException;

    /**
     * Records durably that numbers up to {@code upTo} (inclusive) may be handed out for {@code kind}. Called
     * with increasing values for each kind, once per block of numbers.
     *
     * @throws IOException if the mark may not be durable; no number above the previous mark is handed out
     */
    void reserve(EventKind kind, long upTo) throws IOException;

    /**
     * Starts recording {@code upTo} for {@code kind} without waiting, ahead of need: {@code onDurable} runs once it
     * is as durable as {@link #reserve} makes it, in whichever thread the store acknowledges in (it must not block);
     * if the write fails, it never runs and {@link SequenceNumbers} reserves with {@link #reserve} when it must. The
     * default starts nothing, so numbers are reserved only with {@link #reserve}.
     */
    default void reserveAhead(EventKind kind, long upTo, Runnable onDurable) {
    }

    /** A mark that lives in memory: numbering restarts when it is garbage (a volatile store's rule). */
    static HighWaterMark inMemory() {
        return new InMemoryHighWaterMark();
    }
}
