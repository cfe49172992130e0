package org.estuary.mailbox.internal;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.jdbc.testing.JdbcStores;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The EM conformance suite in this JVM on the jdbc store over a real PostgreSQL server; each test its own tables. */
class InJvmJdbcStoreConformanceTest extends InJvmConformance {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static int tests;

    @BeforeAll
    static void database() throws Exception {
        server = PostgresServer.start("mailbox-conformance");
        dataSource = server.dataSource("estuary-mailbox-conformance");
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    Store store() {
        return JdbcStores.open(dataSource, "em" + tests++ + "_");
    }

    @Override
    void close(Store store) {
        JdbcStores.close(store);
    }
}
