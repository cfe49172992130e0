package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;


import org.estuary.event.StoredHighWaterMark;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * Writes the service's batches through its {@link BoundStore}: {@link #write} waits for durability before the
 * caller acknowledges anything (ARCHITECTURE "State and durability"), {@link #writeLater} does not (renewal
 * results, timer-driven removals). Both run under the service lock, so a switch to a new store (S8) copies the
 * state before either reaches it. Also the {@link StoredHighWaterMark} of event sequence numbers, and the
 * records recovery could not read, kept so that a switch carries them along.
 */
final class Persistence {

    private static final System.Logger LOG = System.getLogger(Persistence.class.getName());

    private final BoundStore stores;
    private final long timeoutMillis;
    private final StoredHighWaterMark marks = new StoredHighWaterMark(Records.SEQUENCE,
            kind -> Records.kindKey(((SetProxy) kind.source()).setId(), kind.eventId()), this::reserveWrite);
    /** Records recovery could not read, by space then key: kept in the store and carried into a new one. */
    private final Map<String, Map<String, byte[]>> unreadable = new ConcurrentHashMap<>();

    private final RenewalMetrics metrics;

    Persistence(BoundStore stores, long timeoutMillis, RenewalMetrics metrics) {
        this.metrics = metrics;
        this.stores = stores;
        this.timeoutMillis = timeoutMillis;
    }

    /** On activation: the store to recover from, adopted without a copy. */
    Store adopt() throws StoreException {
        return stores.adopt();
    }

    /**
     * The store to write through now, after the copy into a newly bound one (S8); an indefinite RemoteException
     * (retry) if none is bound or the copy failed for a retryable reason.
     */
    Store store() throws RemoteException {
        try {
            return stores.current(); // read once per operation
        } catch (StoreException e) {
            throw failure(e);
        }
    }

    /**
     * Applies {@code batch} and waits until it is durable.
     *
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    void write(Batch batch) throws RemoteException {
        Store store = store();
        org.estuary.management.ServiceMetrics.Timing timing = metrics.storeWrites.time();
        try {
            store.applyAndWait(batch, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            throw failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while waiting for the renewal store; outcome unknown", e);
        } finally {
            timing.stop();
        }
    }

    /**
     * Queues {@code batch} in the store now, for {@link #await} later: a caller queues under the service lock, so
     * the store applies batches in the order the service decided them (Store S2, S3), and waits without the lock,
     * so that concurrent callers share the store's group commit instead of taking turns at it. ({@link #write}
     * waits in {@code applyAndWait}, where a lone caller may write its batch in its own thread, but holds the
     * lock meanwhile.)
     */
    Submitted submit(Batch batch) throws RemoteException {
        return new Submitted(store().apply(batch).toCompletableFuture(), metrics.storeWrites.time());
    }

    /**
     * Waits until a submitted batch is durable.
     *
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    void await(Submitted submitted) throws RemoteException {
        try {
            submitted.stage.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StoreException se) {
                throw failure(se);
            }
            throw new RemoteException("renewal store failed: " + cause, cause);
        } catch (TimeoutException e) {
            throw new RemoteException("renewal store did not acknowledge a change within " + timeoutMillis
                    + " ms; it may still become durable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while waiting for the renewal store; outcome unknown", e);
        } finally {
            submitted.timing.stop();
        }
    }

    /** A batch queued in the store and not yet waited for. */
    static final class Submitted {
        private final CompletableFuture<Void> stage;
        private final org.estuary.management.ServiceMetrics.Timing timing;

        private Submitted(CompletableFuture<Void> stage, org.estuary.management.ServiceMetrics.Timing timing) {
            this.stage = stage;
            this.timing = timing;
        }

        /** Whether the store has answered already (a store that acknowledges in the caller's thread). */
        boolean isDone() {
            return stage.isDone();
        }
    }

    /**
     * What a caller sees of a store failure: indefinite when the store may recover (retryable reason, unknown
     * outcome), else a ServerException whose detail is the StoreException.
     */
    private static RemoteException failure(StoreException e) {
        if (e.reason().isRetryable() || e.outcomeUnknown()) {
            return new RemoteException("renewal store: " + e.getMessage(), e); // includes FULL: space may return
        }
        return new ServerException("renewal store refused the change: " + e.getMessage(), e);
    }

    /** {@link #writeLater(Batch, Runnable)} with nothing to run once durable. */
    void writeLater(Batch batch) {
        writeLater(batch, () -> { });
    }

    /**
     * Applies {@code batch} without waiting; runs {@code onDurable} once it is acknowledged, in whichever thread
     * the store acknowledges in (it must not take the service's lock). Without a usable store the batch is dropped:
     * its effect stays in the service's memory and reaches the next store with the copy (S8).
     */
    void writeLater(Batch batch, Runnable onDurable) {
        Store store;
        try {
            store = stores.current();
        } catch (StoreException e) {
            LOG.log(System.Logger.Level.DEBUG, "no usable store; a background write stays in memory: "
                    + e.getMessage());
            return;
        }
        store.apply(batch).whenComplete((ok, failure) -> {
            if (failure == null) {
                onDurable.run();
            } else {
                LOG.log(System.Logger.Level.WARNING, "renewal store failed a background write (renewal results "
                        + "or removals are not recorded until it recovers): " + failure.getMessage());
            }
        });
    }

    /** Keeps a record recovery could not read, so that a switch to another store carries it along. */
    void keepUnreadable(String space, String key, byte[] value) {
        unreadable.computeIfAbsent(space, s -> new ConcurrentHashMap<>()).put(key, value);
    }

    /** Adds the sequence marks and the unreadable records to a snapshot of the state (S8). */
    void snapshotInto(Batch.Builder batch) {
        marks.snapshotInto(batch);
        unreadable.forEach((space, records) -> records.forEach((key, value) -> batch.put(space, key, value)));
    }

    /** The event sequence marks, one record per (set, event id) in {@value Records#SEQUENCE} (EV.2.3.2). */
    StoredHighWaterMark marks() {
        return marks;
    }

    void forgetMarks(long setId) {
        marks.forget(Records.kindKey(setId, 0));
        marks.forget(Records.kindKey(setId, 1));
    }

    private void reserveWrite(Batch batch) throws IOException {
        try {
            write(batch);
        } catch (RemoteException e) {
            throw new IOException("cannot reserve event sequence numbers: " + e.getMessage(), e);
        }
    }
}
