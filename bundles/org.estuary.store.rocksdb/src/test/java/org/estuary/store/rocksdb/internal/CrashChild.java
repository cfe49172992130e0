package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;

import org.estuary.store.api.testing.CrashWorkload;

/** The JVM {@link CrashKillTest} kills: {@link CrashWorkload} on a RocksDB store in the directory of its argument. */
public final class CrashChild {

    public static void main(String[] args) throws Exception {
        RocksStore store = open(Path.of(args[0]));
        CrashWorkload.run(store);
        store.close();
    }

    static RocksStore open(Path dir) {
        return new RocksStore(TestSettings.of(dir), RocksProbe.NONE);
    }
}
