package org.estuary.store.api;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's side of its {@value Store#REFERENCE} reference: the store it writes through, and the switch to a
 * store that replaces it (S8), shared by every Estuary service so that each switches the same way.
 *
 * <p>The service's DS component passes its greedy dynamic reference's bind and unbind calls to {@link #bind} and
 * {@link #unbind}. On activation the service recovers from {@link #adopt()}; afterwards it writes through
 * {@link #current()}, always holding its own lock (the one that makes its operations atomic). When a different
 * store has been bound since the last write (a new {@code store.target}, a better-ranked store, a store bundle
 * replaced), {@code current()} first copies the service's whole state, as {@link Snapshot} gives it, into the new
 * store as one batch and waits until that batch is durable; only then does the new store take writes. The copy
 * comes from the service's memory, so it works when the old store is already gone. A bind also starts the copy at
 * once on a thread of its own, so the state reaches the new store even when no client writes for a while.
 *
 * <p>A copy never overwrites newer state of the service. Each store holds a generation record beside the service's id
 * (key {@value #GENERATION} in the service's own space): absent where the service started afresh, one more than the
 * source's in every copy. A store that holds nothing of the service, an older generation than the one the service
 * runs with, or this very state (the same id and generation: the store it writes through, back after its bundle was
 * updated) gets the copy; any other store that holds the service's state at the same or a newer generation (say the
 * better-ranked store the service moved to before a restart, registered after a worse-ranked one the service
 * recovered from at boot, or one where it started afresh under another id) is not written: {@link #bind} returns false, and the service's component starts it again
 * so that it recovers from that store. Nothing is lost either way: the store it leaves keeps what was written there.
 *
 * <p>A copy that fails leaves the service without a store: every write is refused with the cause, always with a
 * retryable reason (a copy that cannot fit is reported as UNAVAILABLE with the store's own failure as its cause,
 * since the operator, not the caller, has to act), and the copy is tried again on the next write, at most once per retry interval, until
 * a store accepts it. Nothing the service acknowledged is lost meanwhile: it is still in the service's memory.
 */
@ProviderType
public final class BoundStore {

    /** The service's whole state as one batch that clears each of its spaces and puts every record. */
    @FunctionalInterface
    public interface Snapshot {
        /** Called with the owner's lock held. */
        Batch snapshot();
    }

    /** The key of the generation record in the service's own space. */
    public static final String GENERATION = "generation";

    private static final System.Logger LOG = System.getLogger(BoundStore.class.getName());

    private final String owner;
    private final String space;
    private final Object lock;
    private final Snapshot snapshot;
    private final long timeoutMillis;
    private final long retryNanos;

    /** What DS bound last; null when no store matches. */
    private final AtomicReference<Store> offered = new AtomicReference<>();
    /** Where writes go; written under lock, read by bind too. Null until adopted and after a failed copy. */
    private volatile Store current;
    /** The last failed copy and when it may be tried again; guarded by lock. */
    private StoreException lastCopyFailure;
    private Store lastCopyTarget;
    private long retryAt;
    /** Set once the service has recovered from a store: from then on a new store needs the copy. */
    private volatile boolean adopted;
    /** The generation of the state the service runs with: the adopted store's, then each copy's. */
    private volatile long generation;
    /** The service's id record as it runs; null until known (a fresh start writes it after the adoption). */
    private volatile byte[] id;

    /** What a store holds of the service: its generation (-1: nothing) and its id record (null: none). */
    private record Held(long generation, byte[] id) {
    }

    /**
     * @param owner names the service in messages ("lease renewal service")
     * @param space the service's own space, where its id is ({@link ServiceIdRecord}) and the generation record
     * @param lock the monitor that serializes the service's mutations; {@link #current()} runs under it
     * @param snapshot the service's state as one batch
     * @param timeoutMillis how long a copy may wait for the new store's acknowledgement
     * @param retryMillis how long after a failed copy the next one may start
     */
    public BoundStore(String owner, String space, Object lock, Snapshot snapshot, long timeoutMillis,
            long retryMillis) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.space = Names.requireSpace(space);
        this.lock = Objects.requireNonNull(lock, "lock");
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        if (timeoutMillis <= 0 || retryMillis < 0) {
            throw new IllegalArgumentException("timeout must be positive and retry not negative: " + timeoutMillis
                    + ", " + retryMillis);
        }
        this.timeoutMillis = timeoutMillis;
        this.retryNanos = TimeUnit.MILLISECONDS.toNanos(retryMillis);
    }

    /**
     * DS bind (and updated) of the store reference; starts the copy when the service already writes elsewhere.
     *
     * @return false, binding nothing, when the service already runs and {@code store} holds its state at the same
     *     or a newer generation than the one it runs with: its component starts it again, so that it recovers from
     *     that store instead of copying its own older state over it
     */
    public boolean bind(Store store) {
        Objects.requireNonNull(store, "store");
        if (adopted && store != current) {
            Held held;
            try {
                held = heldIn(store);
            } catch (StoreException e) {
                held = null; // unreadable now: the copy reads it again and refuses to overwrite what it cannot read
            }
            if (held != null && !mayOverwrite(held)) {
                LOG.log(System.Logger.Level.WARNING, "the " + owner + " finds its state in the " + store.stats().type()
                        + " store just bound at generation " + held.generation() + ", not older than the "
                        + generation + " it runs with; it copies nothing there and starts again to recover from it");
                return false;
            }
        }
        offered.set(store);
        if (adopted) {
            Thread copier = new Thread(this::switchQuietly, "estuary-store-switch");
            copier.setDaemon(true);
            copier.start();
        }
        return true;
    }

    /** DS unbind of the store reference. */
    public void unbind(Store store) {
        offered.compareAndSet(store, null);
    }

    /** The store bound now, or null: for recovery reads outside the write path. */
    public Store bound() {
        return offered.get();
    }

    /**
     * On activation, under the owner's lock: the bound store becomes the one written through, without a copy,
     * since the service is about to recover its state from it.
     *
     * @throws StoreException UNAVAILABLE when no store is bound, CORRUPT when its generation record does not parse
     */
    public Store adopt() throws StoreException {
        synchronized (lock) {
            Store store = require();
            Held held = heldIn(store);
            generation = Math.max(0, held.generation());
            id = held.id();
            current = store;
            lastCopyFailure = null;
            adopted = true;
            return store;
        }
    }

    /**
     * The store to write through now, under the owner's lock; copies the service's state into a newly bound store
     * first (S8).
     *
     * @throws StoreException when no store is bound or the copy into the new one failed (the reason is the
     *     copy's; the message says what the operator can do)
     */
    public Store current() throws StoreException {
        synchronized (lock) {
            Store wanted = require();
            if (wanted != current) {
                copyInto(wanted);
            }
            return wanted;
        }
    }

    private Store require() throws StoreException {
        Store store = offered.get();
        if (store == null) {
            throw new StoreException(StoreException.Reason.UNAVAILABLE, "the " + owner + " has no store bound: "
                    + "check that a store feature is installed and that its store.target matches one; it keeps its "
                    + "state in memory and accepts changes again once a store is bound");
        }
        return store;
    }

    private void copyInto(Store next) throws StoreException {
        long now = System.nanoTime();
        if (lastCopyFailure != null && lastCopyTarget == next && now - retryAt < 0) {
            throw lastCopyFailure; // S8: refuse mutations until a store accepts the copy; no copy storm
        }
        String from = current == null ? "no store" : "the " + current.stats().type() + " store";
        String to = next.stats().type();
        Batch state;
        try {
            Held held = heldIn(next);
            if (!mayOverwrite(held)) {
                throw new StoreException(StoreException.Reason.UNAVAILABLE, "the " + to + " store holds state of "
                        + "the " + owner + " at generation " + held.generation() + ", not older than the "
                        + generation + " it runs with, so it copies nothing there; start the service again to recover from that "
                        + "store, or set its store.target to the store it runs on");
            }
            state = withGeneration(snapshot.snapshot(), generation + 1);
            next.applyAndWait(state, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            current = null;
            lastCopyTarget = next;
            retryAt = now + retryNanos;
            // A copy that can never fit (TOO_LARGE) is still the operator's to fix, not the caller's fault:
            // callers see the store as unavailable until then, and the cause keeps the store's own reason.
            StoreException.Reason reason = e.reason().isRetryable() ? e.reason()
                    : StoreException.Reason.UNAVAILABLE;
            lastCopyFailure = new StoreException(reason, "the " + owner + " could not copy its state into the "
                    + to + " store it is now bound to, so it refuses changes until the copy succeeds (nothing acknowledged is lost; "
                    + "it is kept in memory and copied again on the next change): " + e.getMessage(), e,
                    e.outcomeUnknown());
            LOG.log(System.Logger.Level.WARNING, lastCopyFailure.getMessage());
            throw lastCopyFailure;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Reason.UNAVAILABLE, "interrupted while the " + owner
                    + " copied its state into the " + to + " store; it will copy again", e, true);
        }
        current = next;
        generation++;
        lastCopyFailure = null;
        LOG.log(System.Logger.Level.INFO, "the " + owner + " moved its state (" + state.size() + " operations, "
                + state.bytes() + " bytes, generation " + generation + ") from " + from + " into the " + to
                + " store and writes there now");
    }

    /**
     * Whether the copy may overwrite what a store holds of the service: nothing, an older generation, or the state
     * the service runs with (its id at its generation: the store it writes through, back under a new reference).
     */
    private boolean mayOverwrite(Held held) {
        if (held.generation() < generation) {
            return true;
        }
        return held.generation() == generation && held.id() != null && Arrays.equals(held.id(), ownId());
    }

    /** The service's id record, read from the store it writes through when the adoption found none (a fresh start). */
    private byte[] ownId() {
        byte[] known = id;
        if (known == null && current != null) {
            try {
                known = heldIn(current).id();
                id = known;
            } catch (StoreException e) {
                // unknown: no store counts as holding the state it runs with
            }
        }
        return known;
    }

    /** {@code state} followed by the generation record, so the copy and its generation are durable together. */
    private Batch withGeneration(Batch state, long next) {
        Batch.Builder batch = Batch.builder();
        for (Operation op : state.operations()) {
            switch (op.kind()) {
                case PUT -> {
                    batch.put(op.space(), op.key(), op.value());
                    if (op.space().equals(space) && op.key().equals(ServiceIdRecord.KEY)) {
                        id = op.value();
                    }
                }
                case DELETE -> batch.delete(op.space(), op.key());
                case CLEAR -> batch.clear(op.space());
                default -> throw new IllegalStateException("unknown operation " + op.kind());
            }
        }
        return batch.put(space, GENERATION, Long.toString(next).getBytes(StandardCharsets.US_ASCII)).build();
    }

    /**
     * What {@code store} holds of the service: generation -1 when its space holds nothing (the store never held the
     * service, or lost it: a volatile store after a restart), 0 when the service started afresh there, else the
     * generation its last copy wrote; and its id record.
     */
    private Held heldIn(Store store) throws StoreException {
        boolean[] any = new boolean[1];
        byte[][] found = new byte[2][];
        store.scan(space, (key, value) -> {
            any[0] = true;
            if (GENERATION.equals(key)) {
                found[0] = value;
            } else if (ServiceIdRecord.KEY.equals(key)) {
                found[1] = value;
            }
        });
        if (found[0] == null) {
            return new Held(any[0] ? 0 : -1, found[1]);
        }
        String text = new String(found[0], StandardCharsets.US_ASCII);
        try {
            long held = Long.parseLong(text);
            if (held >= 0) {
                return new Held(held, found[1]);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new StoreException(StoreException.Reason.CORRUPT, "the " + owner + ": its generation record (space "
                + space + ", key " + GENERATION + ") in the " + store.stats().type() + " store is not a "
                + "generation (" + found[0].length + " bytes); restore the store from a backup, or delete the "
                + "record if this store holds the service's newest state");
    }

    private void switchQuietly() {
        try {
            current();
        } catch (StoreException e) {
            // logged by copyInto, or no store is bound any more; the next write tries again
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the " + owner + " could not switch stores: " + e, e);
        }
    }
}
