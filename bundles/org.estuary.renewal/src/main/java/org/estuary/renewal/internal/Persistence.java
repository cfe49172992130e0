package org.estuary.renewal.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;


import org.estuary.event.StoredHighWaterMark;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreFailures;
import org.estuary.store.api.WritePath;

/**
 * The service's side of its store: every client mutation {@linkplain #run runs} through the shared
 * {@link WritePath} (decided and queued under the state's lock, waited for without it, shown once acknowledged);
 * {@link #writeLater} queues what nobody waits for (renewal results, timer-driven removals, event sequence numbers
 * reserved ahead); {@link #write} waits under the lock, only for a block of event sequence numbers needed before the
 * one reserved ahead is durable. Also the {@link StoredHighWaterMark} of event sequence numbers, and the records
 * recovery could not read, kept so that a switch to a new store (S8)
 * carries them along.
 */
final class Persistence {

    /** The service as store failures name it to clients. */
    private static final String SERVICE = "lease renewal service";

    private final BoundStore stores;
    private final WritePath path;
    private final long timeoutMillis;
    private final StoredHighWaterMark marks = new StoredHighWaterMark(Records.SEQUENCE,
            kind -> Records.kindKey(((SetProxy) kind.source()).setId(), kind.eventId()), this::reserveWrite,
            this::writeLater);
    /** Records recovery could not read, by space then key: kept in the store and carried into a new one. */
    private final Map<String, Map<String, byte[]>> unreadable = new ConcurrentHashMap<>();

    private final RenewalMetrics metrics;

    Persistence(Object lock, BoundStore stores, long timeoutMillis, RenewalMetrics metrics) {
        this.metrics = metrics;
        this.stores = stores;
        this.path = new WritePath(SERVICE, lock, stores, timeoutMillis);
        this.timeoutMillis = timeoutMillis;
    }

    /** On activation: the store to recover from, adopted without a copy. */
    Store adopt() throws StoreException {
        return stores.adopt();
    }

    /**
     * Runs one client operation through the write path: {@code decide} under the state's lock, its batch durable
     * before the answer.
     *
     * @throws X if {@code decide} refused the operation
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    <T, X extends Exception> T run(WritePath.Decide<T, X> decide) throws X, RemoteException {
        return metrics.storeWrites.call(path, decide);
    }

    /**
     * {@link #run} for a client's call that ends with it and returns its answer as is ({@link WritePath#reply}): its
     * answer may be sent later, once durable, while this returns {@code unsent}.
     */
    <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
        return metrics.storeWrites.reply(path, decide, unsent);
    }

    /**
     * Applies {@code batch} and waits until it is durable, holding the state's lock: only for what must be durable
     * before the decision that needs it goes on (a block of event sequence numbers, EV.2.3.2, needed before the one
     * reserved ahead in the background is durable).
     *
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    void write(Batch batch) throws RemoteException {
        Store store;
        try {
            store = stores.current();
        } catch (StoreException e) {
            throw StoreFailures.toClient(SERVICE, e);
        }
        org.estuary.management.ServiceMetrics.Timing timing = metrics.storeWrites.time();
        try {
            store.applyAndWait(batch, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            throw StoreFailures.toClient(SERVICE, e);
        } catch (InterruptedException e) {
            throw StoreFailures.interrupted(SERVICE, e);
        } finally {
            timing.stop();
        }
    }


    /** {@link #writeLater(Batch, Runnable)} with nothing to run once durable. */
    void writeLater(Batch batch) {
        writeLater(batch, () -> { });
    }

    /**
     * Queues {@code batch} without waiting (under the state's lock); runs {@code onDurable} once it is
     * acknowledged, in whichever thread the store acknowledges in (it must not take the lock). Without a usable
     * store the batch is dropped: its effect stays in the service's memory and reaches the next store with the copy
     * (S8).
     */
    void writeLater(Batch batch, Runnable onDurable) {
        path.submitInBackground(batch, onDurable);
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
