package org.estuary.store.api;

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

    private static final System.Logger LOG = System.getLogger(BoundStore.class.getName());

    private final String owner;
    private final Object lock;
    private final Snapshot snapshot;
    private final long timeoutMillis;
    private final long retryNanos;

    /** What DS bound last; null when no store matches. */
    private final AtomicReference<Store> offered = new AtomicReference<>();
    /** Where writes go; guarded by lock. Null until adopted and after a failed copy. */
    private Store current;
    /** The last failed copy and when it may be tried again; guarded by lock. */
    private StoreException lastCopyFailure;
    private Store lastCopyTarget;
    private long retryAt;
    /** Set once the service has recovered from a store: from then on a new store needs the copy. */
    private volatile boolean adopted;

    /**
     * @param owner names the service in messages ("lease renewal service")
     * @param lock the monitor that serializes the service's mutations; {@link #current()} runs under it
     * @param snapshot the service's state as one batch
     * @param timeoutMillis how long a copy may wait for the new store's acknowledgement
     * @param retryMillis how long after a failed copy the next one may start
     */
    public BoundStore(String owner, Object lock, Snapshot snapshot, long timeoutMillis, long retryMillis) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.lock = Objects.requireNonNull(lock, "lock");
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        if (timeoutMillis <= 0 || retryMillis < 0) {
            throw new IllegalArgumentException("timeout must be positive and retry not negative: " + timeoutMillis
                    + ", " + retryMillis);
        }
        this.timeoutMillis = timeoutMillis;
        this.retryNanos = TimeUnit.MILLISECONDS.toNanos(retryMillis);
    }

    /** DS bind (and updated) of the store reference; starts the copy when the service already writes elsewhere. */
    public void bind(Store store) {
        offered.set(Objects.requireNonNull(store, "store"));
        if (adopted) {
            Thread copier = new Thread(this::switchQuietly, "estuary-store-switch");
            copier.setDaemon(true);
            copier.start();
        }
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
     * @throws StoreException UNAVAILABLE when no store is bound
     */
    public Store adopt() throws StoreException {
        synchronized (lock) {
            Store store = require();
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

    /** Whether the service writes through the store bound now (no copy pending or failed). */
    public boolean settled() {
        synchronized (lock) {
            return current != null && current == offered.get();
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
        Batch state = snapshot.snapshot();
        String from = current == null ? "no store" : "the " + current.stats().type() + " store";
        String to = next.stats().type();
        try {
            next.applyAndWait(state, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            current = null;
            lastCopyTarget = next;
            retryAt = now + retryNanos;
            // A copy that can never fit (TOO_LARGE) is still the operator's to fix, not the caller's fault:
            // callers see the store as unavailable until then, and the cause keeps the store's own reason.
            StoreException.Reason reason = e.reason().isRetryable() ? e.reason()
                    : StoreException.Reason.UNAVAILABLE;
            lastCopyFailure = new StoreException(reason, "the " + owner + " could not copy its state ("
                    + state.size() + " operations, " + state.bytes() + " bytes) into the " + to + " store it is "
                    + "now bound to, so it refuses changes until the copy succeeds (nothing acknowledged is lost; "
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
        lastCopyFailure = null;
        LOG.log(System.Logger.Level.INFO, "the " + owner + " moved its state (" + state.size() + " operations, "
                + state.bytes() + " bytes) from " + from + " into the " + to + " store and writes there now");
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
