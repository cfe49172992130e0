package org.estuary.store.rocksdb.internal;

import java.util.concurrent.atomic.AtomicBoolean;

import org.rocksdb.RocksDBException;

/** A probe that fails the next write as RocksDB would when told to. */
final class TestProbe implements RocksProbe {

    private final AtomicBoolean failWrite = new AtomicBoolean();

    void failNextWrite() {
        failWrite.set(true);
    }

    @Override
    public void beforeWrite() throws RocksDBException {
        if (failWrite.getAndSet(false)) {
            throw new RocksDBException("injected I/O error: the write failed");
        }
    }
}
