package org.estuary.renewal.internal;

import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import net.jini.core.lease.LeaseDeniedException;

import org.estuary.event.EventKind;
import org.estuary.event.HighWaterMark;
import org.estuary.renewal.proxy.SetProxy;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * Writes the service's batches through the currently bound store: {@link #write} waits for durability before the
 * caller acknowledges anything (ARCHITECTURE "State and durability"), {@link #writeLater} does not (renewal
 * results, timer-driven removals). Also the {@link HighWaterMark} of event sequence numbers over the store.
 */
final class Persistence implements HighWaterMark {

    private static final System.Logger LOG = System.getLogger(Persistence.class.getName());

    private final Supplier<Store> stores;
    private final long timeoutMillis;
    private final ConcurrentHashMap<String, Long> marks = new ConcurrentHashMap<>();

    private final RenewalMetrics metrics;

    Persistence(Supplier<Store> stores, long timeoutMillis, RenewalMetrics metrics) {
        this.metrics = metrics;
        this.stores = stores;
        this.timeoutMillis = timeoutMillis;
    }

    /** The store bound now; a RemoteException (indefinite, retry) if none is. */
    Store store() throws RemoteException {
        Store store = stores.get(); // read once per operation
        if (store == null) {
            throw new RemoteException("the renewal service has no store bound (check store.target); retry later");
        }
        return store;
    }

    /**
     * Applies {@code batch} and waits until it is durable.
     *
     * @throws RemoteException indefinite when the store may recover (retryable reason, unknown outcome), else a
     *     ServerException whose detail is the StoreException
     */
    void write(Batch batch) throws RemoteException {
        Store store = store();
        com.codahale.metrics.Timer.Context timing = metrics.storeWrites.time();
        try {
            store.applyAndWait(batch, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (StoreException e) {
            if (e.reason().isRetryable() || e.outcomeUnknown()) {
                throw new RemoteException("renewal store: " + e.getMessage(), e);
            }
            if (e.reason() == StoreException.Reason.FULL) {
                throw new ServerException("renewal store is full: " + e.getMessage(),
                        new LeaseDeniedException(e.getMessage()));
            }
            throw new ServerException("renewal store refused the change: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while waiting for the renewal store; outcome unknown", e);
        } finally {
            timing.stop();
        }
    }

    /** Applies {@code batch} without waiting; runs {@code onDurable} once it is acknowledged. */
    void writeLater(Batch batch, Runnable onDurable) {
        Store store = stores.get();
        if (store == null) {
            LOG.log(System.Logger.Level.DEBUG, "no store bound; a background write was dropped");
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

    /** Puts a mark read during recovery. */
    void recoveredMark(String key, long mark) {
        marks.put(key, mark);
    }

    void forgetMarks(long setId) {
        marks.remove(Records.kindKey(setId, 0));
        marks.remove(Records.kindKey(setId, 1));
    }

    @Override
    public OptionalLong load(EventKind kind) {
        Long mark = marks.get(markKey(kind));
        return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
    }

    @Override
    public void reserve(EventKind kind, long upTo) throws java.io.IOException {
        String key = markKey(kind);
        try {
            write(Batch.builder().put(Records.SEQUENCE, key, Records.encodeLong(upTo)).build());
        } catch (RemoteException e) {
            throw new java.io.IOException("cannot reserve sequence numbers of " + kind + ": " + e.getMessage(), e);
        }
        marks.put(key, upTo);
    }

    private static String markKey(EventKind kind) {
        return Records.kindKey(((SetProxy) kind.source()).setId(), kind.eventId());
    }
}
