package org.estuary.renewal.internal;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** {@link ConcurrentClients} on the jdbc store over a private PostgreSQL server; each test has its own tables. */
class ConcurrentClientsJdbcTest extends ConcurrentClients {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static int tests;

    @BeforeAll
    static void database() throws Exception {
        server = Stores.postgres("renewal-concurrent");
        dataSource = server.dataSource("estuary-renewal-concurrent");
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    Store store() {
        return Stores.jdbc(dataSource, "cc" + tests++ + "_");
    }

    @Override
    void closeStore(Store store) {
        Stores.close(store);
    }
}
