package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;

/** Settings for tests: the component's defaults with a small write buffer, in {@code directory}. */
final class TestSettings {

    private TestSettings() {
    }

    static RocksSettings of(Path directory) {
        return limited(directory, 1_000_000, 268_435_456);
    }

    static RocksSettings limited(Path directory, long maxRecords, long maxBytes) {
        return new RocksSettings(directory, true, 4096, 1000, 1024 * 1024, 2, maxRecords, maxBytes);
    }
}
