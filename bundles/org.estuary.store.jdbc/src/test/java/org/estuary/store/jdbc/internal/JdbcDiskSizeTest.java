package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/** The stores page shows the PostgreSQL store's size on disk, as the database counts its tables. */
class JdbcDiskSizeTest {

    private static PostgresServer server;
    private static DataSource dataSource;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("disk");
        dataSource = server.dataSource("estuary-disk-test");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void diskSizeIsTheTotalRelationSizeOfTheStoresTables() throws Exception {
        JdbcStore store = Stores.open(dataSource, new Settings("disk_", 1_000_000, 1L << 30, 1024, 1_000, 256,
                30));
        try {
            store.applyAndWait(Batch.builder().put("disk/a", "k", new byte[64 * 1024]).build(), 20,
                    TimeUnit.SECONDS);
            long expected;
            try (Connection connection = dataSource.getConnection();
                    Statement select = connection.createStatement();
                    ResultSet result = select.executeQuery("SELECT pg_total_relation_size('disk_records') "
                            + "+ pg_total_relation_size('disk_schema_version')")) {
                result.next();
                expected = result.getLong(1);
            }
            assertTrue(expected > 0);
            assertEquals(expected, store.stats().diskBytes());
        } finally {
            store.close();
        }
        assertEquals(StoreStats.NOT_ON_DISK, store.stats().diskBytes(), "a closed store does not ask the database");
    }
}
