package org.estuary.store.jdbc.internal;

import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.api.conformance.PersistentStoreConformanceTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * The jdbc store against the store contract (Store S1 to S8), on a real PostgreSQL server this class starts. Each store
 * gets its own table prefix in the one database, so tests do not see each other; a restart is a new store instance over
 * the same tables, as a new container (or a reactivated component) would open them.
 */
class JdbcStoreConformanceTest extends PersistentStoreConformanceTest<Settings, TestProbe> {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static final AtomicInteger TABLES = new AtomicInteger();

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("conformance");
        dataSource = server.dataSource("estuary-conformance");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected Settings settings(Limits limits) {
        Limits l = limits.or(10_000_000L, 8L << 30);
        return new Settings("conf" + TABLES.incrementAndGet() + "_", l.maxRecords(), l.maxBytes(), 1024, 1_000, 256,
                30);
    }

    @Override
    protected TestProbe probe() {
        return new TestProbe();
    }

    @Override
    protected Store open(Settings settings, TestProbe probe) {
        return Stores.open(dataSource, settings, probe);
    }

    @Override
    protected void failNextCommit(TestProbe probe) {
        probe.failNextCommit();
    }

    @Override
    protected void close(Store store) {
        ((JdbcStore) store).close();
    }

    @Override
    protected String expectedType() {
        return Store.TYPE_JDBC;
    }
}
