package org.estuary.txn.internal;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.jdbc.testing.JdbcStores;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The TX conformance suite in this JVM on the jdbc store over a real PostgreSQL server this class starts; each
 * manager of each test has tables of its own.
 */
class InJvmJdbcConformanceTest extends InJvmConformance {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static int stores;

    @BeforeAll
    static void database() throws Exception {
        server = PostgresServer.start("txn-conformance");
        dataSource = server.dataSource("estuary-txn-conformance");
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    Store open(int index) {
        return JdbcStores.open(dataSource, "tx" + stores++ + "_");
    }

    @Override
    void close(Store store) {
        JdbcStores.close(store);
    }
}
