package org.estuary.store.jdbc.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.estuary.store.api.conformance.StoreConformanceTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * The jdbc store against the store contract (Store S1 to S8), on a real PostgreSQL server this class starts. Each store
 * gets its own table prefix in the one database, so tests do not see each other; a restart is a new store instance over
 * the same tables, as a new container (or a reactivated component) would open them.
 */
class JdbcStoreConformanceTest extends StoreConformanceTest {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static final AtomicInteger TABLES = new AtomicInteger();
    private final Map<Store, Settings> settingsOf = new ConcurrentHashMap<>();
    private final Map<Store, TestProbe> probes = new ConcurrentHashMap<>();

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
    protected Store open(Limits limits) {
        long maxRecords = limits.maxRecords() == StoreStats.UNLIMITED ? 10_000_000L : limits.maxRecords();
        long maxBytes = limits.maxBytes() == StoreStats.UNLIMITED ? 8L << 30 : limits.maxBytes();
        Settings settings = new Settings("conf" + TABLES.incrementAndGet() + "_", maxRecords, maxBytes, 1024,
                1_000, 256, 30);
        return track(settings);
    }

    @Override
    protected void close(Store store) {
        ((JdbcStore) store).close();
    }

    @Override
    protected String expectedType() {
        return Store.TYPE_JDBC;
    }

    @Override
    protected Store restart(Store store) {
        ((JdbcStore) store).close();
        Settings settings = settingsOf.get(store);
        return track(settings);
    }

    @Override
    protected boolean failNextCommit(Store store) {
        probes.get(store).failNextCommit();
        return true;
    }

    /** A store on {@code settings} with a probe that can fail its next commit. */
    private Store track(Settings settings) {
        TestProbe probe = new TestProbe();
        JdbcStore store = JdbcStore.open(dataSource, settings, probe);
        settingsOf.put(store, settings);
        probes.put(store, probe);
        return store;
    }
}
