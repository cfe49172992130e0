package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;
import java.util.List;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.CrashKillLoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A separate JVM writes acknowledged batches under load into a RocksDB store and is killed with SIGKILL at random
 * moments; after each kill the store is opened again and must hold every acknowledged batch, whole, and no part of
 * any other ({@link CrashKillLoop}). The short form kills {@code estuary.crash.kills} times (50 by default); the long
 * form is {@code mvn test -pl bundles/org.estuary.store.rocksdb -Dtest=CrashKillTest -Destuary.crash.kills=1000}.
 */
class CrashKillTest {

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedBatchSurvivesKillMinusNine() throws Exception {
        Path data = dir.resolve("rocksdb");
        CrashKillLoop.run(CrashKillLoop.kills(), List.of(CrashChild.class.getName(), data.toString()), List.of(),
                new CrashKillLoop.Opener() {
                    @Override
                    public Store open() {
                        return CrashChild.open(data);
                    }

                    @Override
                    public void close(Store store) {
                        ((RocksStore) store).close();
                    }
                });
    }
}
