package org.estuary.store.jdbc.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.annotation.Annotation;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.sql.DataSource;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * The jdbc store's own behaviour on a real PostgreSQL server: group commit, back-pressure, a hung and a vanished
 * database, checksums on read, schema migration, the DS component.
 */
class JdbcStoreTest {

    private static final long WAIT_SECONDS = 20;

    private static PostgresServer server;
    private static DataSource dataSource;
    private final List<JdbcStore> opened = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("store");
        dataSource = server.dataSource("estuary-store-test");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void closeStores() {
        opened.forEach(JdbcStore::close);
    }

    private JdbcStore open(Settings settings) {
        return open(settings, JdbcProbe.NONE);
    }

    private JdbcStore open(Settings settings, JdbcProbe probe) {
        JdbcStore store = Stores.open(dataSource, settings, probe);
        opened.add(store);
        return store;
    }

    private static Settings settings(String prefix) {
        return new Settings(prefix, 1_000_000, 1L << 30, 1024, 1_000, 256, 30);
    }

    // ---- group commit and bounds

    @Test
    void concurrentBatchesShareOneCommit() throws Exception {
        // Group commit; concurrent batches share one database commit, acknowledged after it
        TestProbe probe = new TestProbe();
        JdbcStore store = open(settings("gc_"), probe);
        ack(store, Batch.builder().put("gc/a", "first", bytes("1")).build());
        try (Connection locker = lockTable("gc_records")) {
            CompletableFuture<Void> blocked = store.apply(Batch.builder().put("gc/a", "blocked", bytes("0"))
                    .build()).toCompletableFuture();
            awaitTrue(() -> lockWaiters() >= 1, "the commit thread waits for the table lock");
            int writers = 16;
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            List<Future<CompletableFuture<Void>>> applied = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            try {
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    applied.add(pool.submit(() -> {
                        go.await();
                        return store.apply(Batch.builder().put("gc/a", "w" + writer, bytes("v" + writer))
                                .build()).toCompletableFuture();
                    }));
                }
                go.countDown();
                awaitTrue(() -> store.stats().queued() == writers + 1, "all batches queued behind the lock");
                assertFalse(blocked.isDone(), "nothing acknowledged before its commit");
                long commitsBefore = probe.databaseCommits();
                locker.rollback(); // releases the lock
                blocked.get(WAIT_SECONDS, TimeUnit.SECONDS);
                for (Future<CompletableFuture<Void>> f : applied) {
                    f.get(WAIT_SECONDS, TimeUnit.SECONDS).get(WAIT_SECONDS, TimeUnit.SECONDS);
                }
                assertEquals(2, probe.databaseCommits() - commitsBefore,
                        "the blocked batch's commit, then one commit for all " + writers + " concurrent batches");
                assertEquals(writers + 2, store.stats().commits(), "every batch acknowledged");
            } finally {
                pool.shutdownNow();
            }
        }
        assertEquals(18, contents(store, "gc/a").size());
    }

    @Test
    void manyConcurrentWritersCommitInGroups() throws Exception {
        // Bounded concurrency (32 writers x 50 batches); fewer commits than batches
        TestProbe probe = new TestProbe();
        JdbcStore store = open(settings("many_"), probe);
        int writers = 32;
        int batches = 50;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < batches; i++) {
                        store.applyAndWait(Batch.builder().put("many/w" + writer, "k" + i, new byte[1024]).build(),
                                WAIT_SECONDS, TimeUnit.SECONDS);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(WAIT_SECONDS * 3, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(writers * batches, store.stats().records());
        assertEquals(writers * batches, store.stats().commits());
        assertTrue(probe.databaseCommits() < writers * batches,
                "group commit: " + probe.databaseCommits() + " commits for " + writers * batches + " batches");
        assertEquals(batches, contents(store, "many/w7").size());
    }

    @Test
    void aFullQueueBlocksForTheAdmissionTimeThenRefusesWithOverloaded() throws Exception {
        // Store S5: bounded queue with back-pressure
        JdbcStore store = open(new Settings("bp_", 1_000_000, 1L << 30, 4, 100, 256, 30));
        ack(store, Batch.builder().put("bp/a", "first", bytes("1")).build());
        List<CompletableFuture<Void>> accepted = new ArrayList<>();
        try (Connection locker = lockTable("bp_records")) {
            accepted.add(store.apply(Batch.builder().put("bp/a", "k0", bytes("0")).build()).toCompletableFuture());
            awaitTrue(() -> lockWaiters() >= 1, "the commit thread waits for the table lock");
            for (int i = 1; i <= 4; i++) {
                accepted.add(store.apply(Batch.builder().put("bp/a", "k" + i, bytes("v")).build())
                        .toCompletableFuture());
            }
            long start = System.nanoTime();
            CompletableFuture<Void> refused = store.apply(Batch.builder().put("bp/a", "refused", bytes("x"))
                    .build()).toCompletableFuture();
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            StoreException overloaded = failureOf(refused);
            assertSame(Reason.OVERLOADED, overloaded.reason());
            assertTrue(overloaded.getMessage().contains("queue.bound=4"), overloaded.getMessage());
            assertTrue(waitedMillis >= 90 && waitedMillis < 5_000, "blocked for the admission time: " + waitedMillis);
            locker.rollback();
        }
        for (CompletableFuture<Void> stage : accepted) {
            stage.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        Map<String, String> state = contents(store, "bp/a");
        assertEquals(6, state.size());
        assertFalse(state.containsKey("refused"));
    }

    @Test
    void aHungDatabaseFailsTheBatchAfterTheStatementTimeout() throws Exception {
        // Store S6: a database that does not answer fails batches, naming the cause
        JdbcStore store = open(new Settings("hung_", 1_000_000, 1L << 30, 16, 1_000, 256, 1));
        ack(store, Batch.builder().put("hung/a", "kept", bytes("1")).build());
        try (Connection locker = lockTable("hung_records")) {
            StoreException failed = failureOf(store.apply(Batch.builder().put("hung/a", "late", bytes("2"))
                    .build()));
            assertSame(Reason.UNAVAILABLE, failed.reason());
            assertTrue(failed.getMessage().contains("statement timed out"), failed.getMessage());
            assertFalse(failed.outcomeUnknown(), "failed before the commit: certainly no effect");
            locker.rollback();
        }
        ack(store, Batch.builder().put("hung/a", "after", bytes("3")).build());
        assertEquals(Map.of("kept", "1", "after", "3"), contents(store, "hung/a"));
    }

    // ---- the writer fence

    @Test
    void aStoreOpensOnlyAfterADeadWritersCommitEndsAndWritesAfterOtherWriters() throws Exception {
        // A client killed after sending COMMIT leaves a transaction the server may still commit. The next store must
        // count it (its index loads after it) and write after it, never beside it.
        Settings settings = settings("fence_");
        JdbcStore first = open(settings);
        ack(first, Batch.builder().put("fence/a", "before", bytes("1")).build());
        first.close();
        Tables tables = new Tables("fence_");
        JdbcStore next;
        try (Connection dying = dataSource.getConnection()) {
            dying.setAutoCommit(false);
            try (Statement statement = dying.createStatement()) {
                statement.execute(tables.fenceWriters()); // what the dead writer's group took first
            }
            try (java.sql.PreparedStatement upsert = dying.prepareStatement(tables.upsertRecord())) {
                byte[] value = bytes("2");
                upsert.setString(1, "fence/a");
                upsert.setString(2, "late");
                upsert.setBytes(3, value);
                upsert.setInt(4, "late".length() + value.length);
                upsert.setLong(5, RecordChecksum.of("fence/a", "late", value));
                upsert.executeUpdate();
            }
            CompletableFuture<JdbcStore> opening = CompletableFuture.supplyAsync(() -> open(settings));
            awaitTrue(() -> lockWaiters() >= 1, "the opening store waits for the writer fence");
            assertFalse(opening.isDone(), "the store does not load its index beside a writer still committing");
            dying.commit();
            next = opening.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(2, next.stats().records(), "the index counts the group committed late");
            assertEquals(Map.of("before", "1", "late", "2"), contents(next, "fence/a"));

            try (Statement statement = dying.createStatement()) {
                statement.execute(tables.fenceWriters()); // another writer's transaction, open
            }
            CompletableFuture<Void> written = next.apply(Batch.builder().put("fence/a", "after", bytes("3"))
                    .build()).toCompletableFuture();
            awaitTrue(() -> lockWaiters() >= 1, "the group waits for the other writer's transaction");
            assertFalse(written.isDone(), "nothing written beside another writer");
            dying.rollback();
            written.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertEquals(Map.of("before", "1", "late", "2", "after", "3"), contents(next, "fence/a"));
    }

    // ---- records checked on read

    @Test
    void aRowChangedOutsideTheStoreIsReportedAsCorruptNotSkipped() throws Exception {
        // Records checked on read; a corrupt record is reported, never silently skipped
        JdbcStore store = open(settings("corrupt_"));
        ack(store, Batch.builder().put("cor/a", "good", bytes("fine")).put("cor/a", "bad", bytes("original"))
                .put("cor/b", "other", bytes("x")).build());
        execute("UPDATE corrupt_records SET value = decode('6f726967696e616c21', 'hex') WHERE key = 'bad'");
        StoreException corrupt = assertThrows(StoreException.class, () -> contents(store, "cor/a"));
        assertSame(Reason.CORRUPT, corrupt.reason());
        assertFalse(corrupt.reason().isRetryable());
        assertTrue(corrupt.getMessage().contains("(cor/a, bad)") && corrupt.getMessage().contains("corrupt_records"),
                corrupt.getMessage());
        assertEquals(Map.of("other", "x"), contents(store, "cor/b"), "other spaces still read");
        execute("UPDATE corrupt_records SET key = 'moved' WHERE key = 'good'");
        ack(store, Batch.builder().delete("cor/a", "bad").build());
        assertSame(Reason.CORRUPT, assertThrows(StoreException.class, () -> contents(store, "cor/a")).reason(),
                "a row moved to another key fails its checksum too");
    }

    // ---- schema

    @Test
    void theSchemaIsCreatedOnceAndMigratedInOrder() throws Exception {
        // The bundle creates and migrates its schema; steps are idempotent and applied once
        JdbcStore first = open(settings("mig_"));
        ack(first, Batch.builder().put("mig/a", "k", bytes("v")).build());
        first.close();
        JdbcStore second = open(settings("mig_"));
        assertEquals(Map.of("k", "v"), contents(second, "mig/a"));
        assertEquals(List.of(1, 2, 3), versions("mig_schema_version"));

        // a database at version 1 (as an older bundle left it) is brought to the latest version, data kept
        execute("CREATE TABLE old_schema_version (version integer PRIMARY KEY, description text NOT NULL, "
                + "applied_at timestamp with time zone NOT NULL DEFAULT now())");
        execute("CREATE TABLE old_records (space varchar(128) NOT NULL, key varchar(256) NOT NULL, "
                + "value bytea NOT NULL, size integer NOT NULL, checksum bigint NOT NULL, PRIMARY KEY (space, key))");
        execute("INSERT INTO old_schema_version (version, description) VALUES (1, 'v1')");
        execute("INSERT INTO old_records VALUES ('old/a', 'k', decode('76', 'hex'), 2, "
                + RecordChecksum.of("old/a", "k", bytes("v")) + ")");
        JdbcStore migrated = open(settings("old_"));
        assertEquals(Map.of("k", "v"), contents(migrated, "old/a"));
        assertEquals(1, migrated.stats().records(), "the index was loaded from the table");
        assertEquals(List.of(1, 2, 3), versions("old_schema_version"));
    }

    @Test
    void aSchemaFromANewerBundleIsRefusedWithAClearMessage() throws Exception {
        // A newer schema is not touched; the store says why it refuses
        JdbcStore first = open(settings("newer_"));
        ack(first, Batch.builder().put("new/a", "k", bytes("v")).build());
        first.close();
        execute("INSERT INTO newer_schema_version (version, description) VALUES (99, 'from the future')");
        JdbcStore store = open(settings("newer_"));
        StoreException refused = failureOf(store.apply(Batch.builder().put("new/a", "k2", bytes("v")).build()));
        assertSame(Reason.UNAVAILABLE, refused.reason());
        assertTrue(refused.getMessage().contains("schema version 99"), refused.getMessage());
    }

    // ---- the DS component

    @Test
    void theComponentPublishesAJdbcStoreFromItsConfiguration() throws Exception {
        // DS component over a DataSource, configured by metatype
        JdbcStoreComponent component = new JdbcStoreComponent(dataSource, config("comp_", 5));
        try {
            component.apply(Batch.builder().put("comp/a", "k", bytes("v")).build()).toCompletableFuture()
                    .get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(Store.TYPE_JDBC, component.stats().type());
            assertEquals(5, component.stats().maxRecords());
            assertEquals(Map.of("k", "v"), contents(component, "comp/a"));
            assertEquals(java.util.Set.of("comp/a"), component.spaces());
        } finally {
            component.deactivate();
        }
        assertSame(Reason.CLOSED, assertThrows(StoreException.class, () -> component.spaces()).reason());
        assertEquals(5, JdbcStoreComponent.settingsOf(config("comp_", 5)).queueBound());
        assertThrows(IllegalArgumentException.class, () -> new JdbcStoreComponent(dataSource,
                config("Bad-Prefix", 5)));
    }

    // ---- helpers

    static JdbcStoreComponent.Config config(String prefix, int queueBound) {
        return new JdbcStoreComponent.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return JdbcStoreComponent.Config.class;
            }

            @Override
            public String dataSource_target() {
                return "(dataSourceName=estuary)";
            }

            @Override
            public String table_prefix() {
                return prefix;
            }

            @Override
            public long max_records() {
                return 5;
            }

            @Override
            public long max_bytes() {
                return 1_000;
            }

            @Override
            public int queue_bound() {
                return queueBound;
            }

            @Override
            public long admission_timeout_ms() {
                return 100;
            }

            @Override
            public int max_batches_per_commit() {
                return 8;
            }

            @Override
            public int statement_timeout_seconds() {
                return 10;
            }
        };
    }

    private static Connection lockTable(String table) throws SQLException {
        Connection locker = dataSource.getConnection();
        locker.setAutoCommit(false);
        try (Statement statement = locker.createStatement()) {
            statement.execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
        }
        return locker;
    }

    /** Backends of this test's DataSource waiting for a lock (the commit thread behind {@link #lockTable}). */
    private static int lockWaiters() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                        + "AND application_name = 'estuary-store-test'")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static List<Integer> versions(String table) throws SQLException {
        List<Integer> versions = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT version FROM " + table + " ORDER BY version")) {
            while (r.next()) {
                versions.add(r.getInt(1));
            }
        }
        return versions;
    }

    static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + WAIT_SECONDS + " s: " + what);
            }
            Thread.sleep(5);
        }
    }

    static void ack(Store store, Batch batch) throws Exception {
        store.applyAndWait(batch, WAIT_SECONDS, TimeUnit.SECONDS);
    }

    static StoreException failureOf(java.util.concurrent.CompletionStage<Void> stage) throws Exception {
        try {
            stage.toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return StoreException.from(e);
        }
        return fail("acknowledged, but should have failed");
    }

    static Map<String, String> contents(Store store, String space) throws StoreException {
        Map<String, String> records = new HashMap<>();
        store.scan(space, (key, value) -> records.put(key, new String(value, UTF_8)));
        return records;
    }

    static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }
}
