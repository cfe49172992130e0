package org.estuary.store.jdbc.internal;

import static org.estuary.store.jdbc.internal.JdbcStoreTest.ack;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.awaitTrue;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.bytes;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.contents;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.failureOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * The database goes away and comes back (Store S6: clear errors naming the cause, acknowledged data intact, the store
 * resumes by itself). The server is stopped as a crash stops it ({@code pg_ctl stop -m immediate}), so the restart also
 * runs PostgreSQL's recovery: what was acknowledged must have been committed durably.
 */
class JdbcStoreOutageTest {

    private static PostgresServer server;
    private static DataSource dataSource;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("outage");
        dataSource = server.dataSource("estuary-outage-test");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theDatabaseGoesAwayUnderLoadAndComesBack() throws Exception {
        // Store S6: UNAVAILABLE naming the cause while it is down; resume; acknowledged data intact
        JdbcStore store = Stores.open(dataSource, new Settings("load_", 1_000_000, 1L << 30, 256, 1_000, 64, 10));
        int writers = 4;
        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        List<StoreException> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger acks = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                running.add(pool.submit(() -> {
                    for (int i = 0; i < 200_000 && !stop.get(); i++) {
                        String key = "w" + writer + "-" + i;
                        try {
                            store.applyAndWait(Batch.builder().put("load/a", key, bytes(key)).build(), 10,
                                    TimeUnit.SECONDS);
                            acknowledged.put(key, key);
                            acks.incrementAndGet();
                        } catch (StoreException e) {
                            failures.add(e);
                            Thread.sleep(2);
                        }
                    }
                    return null;
                }));
            }
            awaitTrue(() -> acks.get() >= 200, "writers acknowledged under load");
            server.stopServer();
            awaitTrue(() -> failures.size() >= 20, "batches fail while the database is down");
            StoreException scanFailure = assertThrows(StoreException.class, () -> contents(store, "load/a"));
            assertSame(Reason.UNAVAILABLE, scanFailure.reason());
            server.startServer();
            int acksAfterRestart = acks.get() + 200;
            awaitTrue(() -> acks.get() >= acksAfterRestart, "the store resumes once the database is back");
            stop.set(true);
            for (Future<?> f : running) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
        List<StoreException> seen;
        synchronized (failures) {
            seen = List.copyOf(failures);
        }
        for (StoreException failure : seen) {
            assertSame(Reason.UNAVAILABLE, failure.reason(), failure.getMessage());
            assertTrue(failure.getMessage()
                    .matches("(?s).*(cannot reach the database|shutting down|database failed).*"),
                    "the message names the cause: " + failure.getMessage());
        }
        assertTrue(seen.stream().anyMatch(f -> f.getMessage().contains("cannot reach the database")),
                "at least one failure says the database cannot be reached");
        Map<String, String> state = contents(store, "load/a");
        for (String key : acknowledged.keySet()) {
            assertEquals(key, state.get(key), "acknowledged record " + key + " survived the crash of the database");
        }
        assertTrue(store.stats().failures() >= seen.size());
        store.close();
        JdbcStore again = Stores.open(dataSource, store.settings());
        try {
            assertEquals(state.size(), again.stats().records(), "a new store instance counts what the table holds");
        } finally {
            again.close();
        }
    }

    @Test
    void aStoreOpenedWhileTheDatabaseIsDownWorksOnceItIsUp() throws Exception {
        // The store opens without its database, refuses with UNAVAILABLE, then resumes
        server.stopServer();
        JdbcStore store;
        try {
            store = Stores.open(dataSource, new Settings("late_", 1_000_000, 1L << 30, 16, 1_000, 64, 10));
            StoreException down = failureOf(store.apply(Batch.builder().put("late/a", "k", bytes("1")).build()));
            assertSame(Reason.UNAVAILABLE, down.reason());
            assertTrue(down.getMessage().contains("cannot reach the database"), down.getMessage());
            assertSame(Reason.UNAVAILABLE, assertThrows(StoreException.class, store::spaces).reason());
        } finally {
            server.startServer();
        }
        try {
            ack(store, Batch.builder().put("late/a", "k", bytes("2")).build());
            assertEquals(Map.of("k", "2"), contents(store, "late/a"));
            assertEquals(1, store.stats().records());
        } finally {
            store.close();
        }
    }
}
