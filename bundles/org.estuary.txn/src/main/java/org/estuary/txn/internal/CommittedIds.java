package org.estuary.txn.internal;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;

/**
 * The ids of committed top-level transactions whose every participant has heard the outcome, kept for
 * {@code retention.ms} after that so the manager still answers {@code getState}, {@code commit} and {@code abort}
 * on them (TX.2.5), and nothing else: an id and the millisecond it completed, in primitive arrays. A manager that
 * commits tens of thousands of transactions a second retains millions of outcomes; as whole transactions (their
 * participants, futures and a deadline each) they would be copied by every young collection and fill the heap, as
 * ids they cost 12 bytes and no object each.
 *
 * <p>The ids are spread over stripes, each with a lock of its own, so committing threads rarely meet. A stripe keeps
 * its ids in buckets by completion time, each bucket taking the completions of an eighth of {@code retention.ms}
 * in the order they come; a bucket goes as a whole once its last id is past retention, and a lookup answers
 * exactly: an id is known until {@code retention.ms} after it completed (to the millisecond, never less). Expiry
 * happens as ids are added or looked up, on the manager's clock. Thread-safe.
 */
final class CommittedIds {

    /** Stripes enough that the committing threads of a busy manager (tens at once) seldom meet at one. */
    private static final int STRIPE_BITS = 6;
    private static final int STRIPES = 1 << STRIPE_BITS;
    /** A bucket takes the completions of this fraction of the retention time. */
    private static final int BUCKETS_PER_RETENTION = 8;
    /** The longest span of one bucket: completion offsets within it fit an int of milliseconds. */
    private static final long MAX_SPAN_MILLIS = 1L << 30;

    private final Clock clock;
    private final long retentionNanos;
    private final long spanNanos;
    private final Stripe[] stripes = new Stripe[STRIPES];

    /** Ids answered for {@code retentionMillis} on {@code clock}; none kept for 0. */
    CommittedIds(Clock clock, long retentionMillis) {
        if (retentionMillis < 0) {
            throw new IllegalArgumentException("retention must not be negative: " + retentionMillis + " ms");
        }
        this.clock = clock;
        this.retentionNanos = TimeUnit.MILLISECONDS.toNanos(retentionMillis);
        this.spanNanos = TimeUnit.MILLISECONDS.toNanos(
                Math.min(MAX_SPAN_MILLIS, Math.max(1, retentionMillis / BUCKETS_PER_RETENTION)));
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Transaction {@code id} (never 0) completed now. */
    void add(long id) {
        if (retentionNanos > 0) {
            stripe(id).add(id);
        }
    }

    /** Whether transaction {@code id} completed less than the retention time ago. */
    boolean contains(long id) {
        return retentionNanos > 0 && stripe(id).contains(id);
    }

    private Stripe stripe(long id) {
        return stripes[(int) (mix(id) >>> (Long.SIZE - STRIPE_BITS))];
    }

    /** Spreads an id's bits (ids may be consecutive when a caller chose them). */
    private static long mix(long id) {
        return id * 0x9E3779B97F4A7C15L;
    }

    /** One stripe's buckets, oldest first; the clock is read under its lock, so its buckets follow in time. */
    private final class Stripe {
        private final ArrayDeque<Bucket> buckets = new ArrayDeque<>();

        synchronized void add(long id) {
            long now = clock.nanoTime();
            dropExpired(now);
            Bucket newest = buckets.peekLast();
            if (newest == null || now - newest.base >= spanNanos) {
                newest = new Bucket(now);
                buckets.addLast(newest);
            }
            // rounded up: an id is answered for the whole retention time, never a fraction of a millisecond less
            newest.put(id, (int) ((now - newest.base + 999_999) / 1_000_000));
        }

        synchronized boolean contains(long id) {
            long now = clock.nanoTime();
            dropExpired(now);
            for (Bucket bucket : buckets) {
                int offsetMillis = bucket.offsetOf(id);
                if (offsetMillis >= 0) {
                    return now - (bucket.base + TimeUnit.MILLISECONDS.toNanos(offsetMillis)) < retentionNanos;
                }
            }
            return false;
        }

        /** Drops the buckets whose every id is past retention. */
        private void dropExpired(long now) {
            Bucket oldest;
            while ((oldest = buckets.peekFirst()) != null && now - oldest.base - spanNanos >= retentionNanos) {
                buckets.pollFirst();
            }
        }
    }

    /**
     * The ids completed within one span from {@code base} (a nanoTime value), each with its completion in
     * milliseconds after {@code base}, appended in completion order: an add writes the next slot of two arrays, where
     * an insert into a hash table of millions of random ids would miss the processor's caches twice per commit. The
     * arrays come in chunks of {@value #CHUNK} ids (the first grows to that size from {@value #INITIAL}), so an add
     * under its stripe's lock never copies a bucket's ids, which at tens of thousands of commits a second are
     * megabytes, nor allocates an array the collector must treat as a large object. Lookups, which are rare (a client
     * asking about a transaction it already finished), index the ids appended since the last lookup into an
     * open-addressing table of positions first; an id added twice keeps its first completion.
     */
    private static final class Bucket {
        private static final int INITIAL = 64;
        private static final int CHUNK_BITS = 12;
        private static final int CHUNK = 1 << CHUNK_BITS;

        private final long base;
        /** Position p is at {@code [p >>> CHUNK_BITS][p & (CHUNK - 1)]}; chunks are allocated as they are reached. */
        private long[][] ids = {new long[INITIAL]};
        private int[][] offsets = {new int[INITIAL]};
        private int size;
        /** Linear probing over positions plus one (0: a free slot); null until the first lookup. */
        private int[] index;
        /** The ids before this position are in {@link #index}. */
        private int indexed;

        Bucket(long base) {
            this.base = base;
        }

        void put(long id, int offsetMillis) {
            int chunk = size >>> CHUNK_BITS;
            int at = size & (CHUNK - 1);
            if (chunk == ids.length) {
                ids = Arrays.copyOf(ids, chunk * 2);
                offsets = Arrays.copyOf(offsets, chunk * 2);
            }
            if (ids[chunk] == null) {
                ids[chunk] = new long[CHUNK];
                offsets[chunk] = new int[CHUNK];
            } else if (at == ids[chunk].length) { // the first chunk, still growing towards CHUNK
                ids[chunk] = Arrays.copyOf(ids[chunk], at * 2);
                offsets[chunk] = Arrays.copyOf(offsets[chunk], at * 2);
            }
            ids[chunk][at] = id;
            offsets[chunk][at] = offsetMillis;
            size++;
        }

        private long idAt(int position) {
            return ids[position >>> CHUNK_BITS][position & (CHUNK - 1)];
        }

        /** The completion offset of {@code id}, or -1 if it is not in this bucket. */
        int offsetOf(long id) {
            catchUp();
            int mask = index.length - 1;
            for (int slot = slot(id, mask); index[slot] != 0; slot = (slot + 1) & mask) {
                int at = index[slot] - 1;
                if (idAt(at) == id) {
                    return offsets[at >>> CHUNK_BITS][at & (CHUNK - 1)];
                }
            }
            return -1;
        }

        /** Indexes the ids appended since the last lookup, in a table at most two-thirds full. */
        private void catchUp() {
            if (index == null || 3 * size > 2 * index.length) {
                int capacity = INITIAL;
                while (3 * size > 2 * capacity) {
                    capacity *= 2;
                }
                index = new int[capacity];
                indexed = 0;
            }
            int mask = index.length - 1;
            for (; indexed < size; indexed++) {
                long id = idAt(indexed);
                int slot = slot(id, mask);
                while (index[slot] != 0 && idAt(index[slot] - 1) != id) {
                    slot = (slot + 1) & mask;
                }
                if (index[slot] == 0) { // an id already indexed keeps its first completion
                    index[slot] = indexed + 1;
                }
            }
        }

        private static int slot(long id, int mask) {
            return (int) (mix(id) >>> 32) & mask;
        }
    }
}
