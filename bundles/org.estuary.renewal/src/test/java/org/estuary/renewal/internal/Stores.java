package org.estuary.renewal.internal;

import java.nio.file.Path;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.jdbc.testing.JdbcStores;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.estuary.store.journal.testing.JournalStores;
import org.estuary.store.memory.testing.MemoryStores;

/** Real store backends for the renewal service's tests, from each store's test factory. */
final class Stores {

    private Stores() {
    }

    static Store memory(long maxRecords) {
        return MemoryStores.open(maxRecords);
    }

    /** A journal in {@code directory}; the same directory again is a restart of the store. */
    static Store journal(Path directory) {
        return JournalStores.open(directory);
    }

    /** A jdbc store over {@code dataSource} in tables named with {@code prefix}; the same prefix again reopens it. */
    static Store jdbc(DataSource dataSource, String prefix) {
        return JdbcStores.open(dataSource, prefix);
    }

    /**
     * The private PostgreSQL server the jdbc store's tests use; without its binaries the caller is skipped on a
     * developer's machine and fails when {@code CI} is set.
     */
    static PostgresServer postgres(String name) throws Exception {
        return PostgresServer.start(name);
    }

    /** Closes a store opened here, as SCR does when its bundle stops (Store S7). */
    static void close(Store store) {
        switch (store.stats().type()) {
            case Store.TYPE_MEMORY -> MemoryStores.close(store);
            case Store.TYPE_JOURNAL -> JournalStores.close(store);
            case Store.TYPE_JDBC -> JdbcStores.close(store);
            default -> throw new IllegalArgumentException("not a store from Stores: " + store);
        }
    }
}
