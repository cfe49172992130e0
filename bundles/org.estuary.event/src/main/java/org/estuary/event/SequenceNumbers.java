package org.estuary.event;

import java.io.IOException;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Sequence numbers per kind of event (EV.2.3.2).
 *
 * <p>Within one life of this object the numbers of a kind are fully ordered: 1, 2, 3, ... with no gap, so a
 * listener that sees {@code m} and then {@code n} knows that {@code n - m - 1} events came between. Numbers are
 * reserved from the {@link HighWaterMark} in blocks of {@code blockSize}: a persistent mark is written once per
 * block, not once per event. After a restart numbering continues above the last reserved mark, so the numbers
 * still strictly increase (the guarantee EV.2.3.2 requires of every generator) but skip the unused rest of the
 * last block. LR.2.1 tells clients exactly this: "if there is a gap, events might (but might not) have been
 * missed". A service that must never skip sets {@code blockSize} to 1 and writes the event in the same store
 * batch as the mark.
 *
 * <p>Once half of a block is handed out, the next block is reserved ahead ({@link HighWaterMark#reserveAhead}), so a
 * caller that holds its service's lock seldom waits for a store write: only when the numbers run out before the
 * reservation ahead is durable does {@link #next} reserve and wait itself.
 *
 * <p>Order across threads: two events get numbers in the order their threads call {@link #next}. A service
 * that also needs the numbers to match the order in which it hands events to delivery takes both steps under
 * one lock of its own.
 */
@ProviderType
public final class SequenceNumbers {

    private final HighWaterMark marks;
    private final long blockSize;
    private final int maxKinds;
    private final ConcurrentHashMap<EventKind, Counter> counters = new ConcurrentHashMap<>();

    /**
     * @param marks where reserved marks are kept
     * @param blockSize how many numbers one {@link HighWaterMark#reserve} call covers (at least 1)
     * @param maxKinds how many kinds this object numbers at once (at least 1); the service {@link #forget}s kinds
     *        whose registrations are gone
     * @throws NullPointerException if {@code marks} is null
     * @throws IllegalArgumentException if {@code blockSize} or {@code maxKinds} is below 1
     */
    public SequenceNumbers(HighWaterMark marks, long blockSize, int maxKinds) {
        this.marks = Objects.requireNonNull(marks, "marks");
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be at least 1: " + blockSize);
        }
        if (maxKinds < 1) {
            throw new IllegalArgumentException("maxKinds must be at least 1: " + maxKinds);
        }
        this.blockSize = blockSize;
        this.maxKinds = maxKinds;
    }

    /**
     * The number of the next event of {@code kind}: greater than every number handed out for it before, in this
     * life or an earlier one whose marks {@link HighWaterMark#load} returns.
     *
     * @throws NullPointerException if {@code kind} is null
     * @throws IOException if the mark cannot be loaded or reserved; no number was handed out
     * @throws IllegalStateException if {@code maxKinds} kinds are already numbered, or the kind has used up all
     *         {@code long} values
     */
    public long next(EventKind kind) throws IOException {
        Counter counter = counter(kind);
        synchronized (counter) {
            counter.loadIfNeeded(kind);
            if (counter.last == Long.MAX_VALUE) {
                throw new IllegalStateException("sequence numbers of " + kind + " are used up");
            }
            long number = counter.last + 1;
            counter.reserved = Math.max(counter.reserved, counter.durableAhead);
            if (number > counter.reserved) {
                // EV.2.3.2: durable before handed out, so no number repeats after a restart.
                long upTo = number - 1 > Long.MAX_VALUE - blockSize ? Long.MAX_VALUE : number - 1 + blockSize;
                marks.reserve(kind, upTo);
                counter.reserved = upTo;
            }
            counter.last = number;
            if (counter.reserved - number < blockSize / 2 && counter.ahead <= counter.reserved
                    && counter.reserved < Long.MAX_VALUE) {
                long upTo = counter.reserved > Long.MAX_VALUE - blockSize ? Long.MAX_VALUE
                        : counter.reserved + blockSize;
                counter.ahead = upTo; // one reservation ahead at a time; a failed one is overtaken by reserve
                marks.reserveAhead(kind, upTo, () -> counter.durable(upTo));
            }
            return number;
        }
    }

    /**
     * Loads the mark of {@code kind} and reserves its first block ahead of need ({@link HighWaterMark#reserveAhead}),
     * so that once that reservation is durable its first event waits for no store write: for a service that makes a
     * new kind (a registration) whose first events come in a burst across many kinds (every registration told of one
     * lookup service), where a reservation per kind in the burst would wait for the store once per kind. Does
     * nothing for a kind that has numbers reserved or a reservation ahead started.
     *
     * @throws NullPointerException if {@code kind} is null
     * @throws IOException if the mark cannot be loaded
     * @throws IllegalStateException if {@code maxKinds} kinds are already numbered
     * @since 1.5
     */
    public void prepare(EventKind kind) throws IOException {
        prepare(kind, marks);
    }

    /**
     * {@link #prepare(EventKind)} with the first block reserved ahead through {@code via} rather than the marks this
     * object was made with: a view of the same marks that writes the reservation in a batch of the caller's own
     * ({@link StoredHighWaterMark#joining}), so a service records a new kind and its first block with one write.
     * The kind's mark is still loaded from the marks this object was made with.
     *
     * @throws NullPointerException if {@code kind} or {@code via} is null
     * @throws IOException if the mark cannot be loaded
     * @throws IllegalStateException if {@code maxKinds} kinds are already numbered
     * @since 1.6
     */
    public void prepare(EventKind kind, HighWaterMark via) throws IOException {
        Objects.requireNonNull(via, "via");
        Counter counter = counter(kind);
        synchronized (counter) {
            counter.loadIfNeeded(kind);
            if (counter.last == counter.reserved && counter.ahead <= counter.reserved
                    && counter.reserved < Long.MAX_VALUE) {
                long upTo = counter.reserved > Long.MAX_VALUE - blockSize ? Long.MAX_VALUE
                        : counter.reserved + blockSize;
                counter.ahead = upTo;
                via.reserveAhead(kind, upTo, () -> counter.durable(upTo));
            }
        }
    }

    /**
     * The number current for {@code kind} (EV.2.3.5 {@code EventRegistration.getSequenceNumber}): the last number
     * handed out, or after a restart the last reserved mark; every later event gets a greater number. 0 for a
     * kind that never had an event.
     *
     * @throws NullPointerException if {@code kind} is null
     * @throws IOException if the mark cannot be loaded
     * @throws IllegalStateException if {@code maxKinds} kinds are already numbered
     */
    public long current(EventKind kind) throws IOException {
        Counter counter = counter(kind);
        synchronized (counter) {
            counter.loadIfNeeded(kind);
            return counter.last;
        }
    }

    /**
     * Drops the in-memory counter of {@code kind} (its registrations are gone). Its persistent mark stays where
     * the service keeps it; if the kind is numbered again, numbering continues above that mark.
     */
    public void forget(EventKind kind) {
        counters.remove(Objects.requireNonNull(kind, "kind"));
    }

    /** How many kinds have a counter in memory. */
    public int size() {
        return counters.size();
    }

    private Counter counter(EventKind kind) {
        Objects.requireNonNull(kind, "kind");
        Counter counter = counters.get(kind);
        if (counter != null) {
            return counter;
        }
        if (counters.size() >= maxKinds) {
            throw new IllegalStateException("sequence numbers table full: " + maxKinds + " kinds of event");
        }
        return counters.computeIfAbsent(kind, k -> new Counter());
    }

    private final class Counter {
        boolean loaded;
        long last;
        long reserved;
        /** The mark of the reservation ahead last started (0: none yet). */
        long ahead;
        /** The highest mark reserved ahead that is durable; written by the store's acknowledgement, without a lock. */
        volatile long durableAhead;

        /** A reservation ahead is durable (the store's thread: no lock, Store S3 order). */
        void durable(long upTo) {
            if (upTo > durableAhead) {
                durableAhead = upTo;
            }
        }

        void loadIfNeeded(EventKind kind) throws IOException {
            if (loaded) {
                return;
            }
            OptionalLong mark = marks.load(kind);
            // Everything up to the mark may have been handed out before the restart: continue above it.
            last = mark.isPresent() ? Math.max(0, mark.getAsLong()) : 0;
            reserved = last;
            loaded = true;
        }
    }
}
