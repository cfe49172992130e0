package org.estuary.renewal.internal;

import java.nio.file.Path;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.journal.internal.JournalStoreComponent;
import org.estuary.store.memory.internal.MemoryStoreComponent;

/** Real store backends for the renewal service's tests, built and closed as SCR would. */
final class Stores {

    private Stores() {
    }

    static Store memory(long maxRecords) {
        return new MemoryStoreComponent(Harness.annotation(MemoryStoreComponent.Config.class,
                Map.of("max_records", maxRecords)));
    }

    /** A journal in {@code directory}; the same directory again is a restart of the store. */
    static Store journal(Path directory) {
        return new JournalStoreComponent(Harness.annotation(JournalStoreComponent.Config.class,
                Map.of("data_directory", directory.toString(), "journal_file_size", 1024 * 1024)));
    }

    /** A jdbc store over {@code dataSource} in tables named with {@code prefix}; the same prefix again reopens it. */
    static Store jdbc(javax.sql.DataSource dataSource, String prefix) {
        return new org.estuary.store.jdbc.internal.JdbcStoreComponent(dataSource, Harness.annotation(
                org.estuary.store.jdbc.internal.JdbcStoreComponent.Config.class, Map.of("table_prefix", prefix)));
    }

    /**
     * Issue 4 item 6: the private PostgreSQL server the jdbc store's tests use; without its binaries the caller is
     * skipped on a developer's machine and fails when {@code CI} is set.
     */
    static org.estuary.store.jdbc.internal.PostgresServer postgres(String name) throws Exception {
        try {
            return org.estuary.store.jdbc.internal.PostgresServer.startOrThrow(name);
        } catch (IllegalStateException missing) {
            if (System.getenv("CI") != null) {
                org.junit.jupiter.api.Assertions.fail(missing.getMessage() + " (CI is set: never skipped)");
            }
            org.junit.jupiter.api.Assumptions.abort(missing.getMessage());
            throw missing;
        }
    }

    /** Deactivates a store component as SCR does when its bundle stops (Store S7). */
    static void close(Store store) {
        try {
            java.lang.reflect.Method deactivate = store.getClass().getDeclaredMethod("deactivate");
            deactivate.setAccessible(true);
            deactivate.invoke(store);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot close " + store, e);
        }
    }
}
