package org.estuary.store.rocksdb.internal;

import org.rocksdb.RocksDBException;

/**
 * Points where the RocksDB store reports to an observer or lets it stand in for the engine: a batch about to be
 * written, a WAL sync about to start and one done. The component runs with {@link #NONE}; tests and the store
 * benchmark pass their own through the package-private constructors, to count syncs or to fail a write as the disk
 * would.
 */
interface RocksProbe {

    /** The probe of a store nobody observes. */
    RocksProbe NONE = new RocksProbe() {
    };

    /** A batch is about to be written (under the write lock); an exception fails the write as RocksDB would. */
    default void beforeWrite() throws RocksDBException {
    }

    /**
     * A group leader is about to sync the WAL ({@code sync.mode=fsync} only); an exception fails the sync as RocksDB
     * would.
     */
    default void beforeSync() throws RocksDBException {
    }

    /** A WAL sync returned after {@code nanos}. */
    default void synced(long nanos) {
    }
}
