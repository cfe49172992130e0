package org.estuary.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.jdbc.testing.JdbcStores;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The stores of one kind (memory, the embedded store or jdbc) that a test runs a service on, each a real store built and
 * closed as SCR builds and deactivates its component. Register one as a JUnit 5 extension
 * ({@code @RegisterExtension static final TestStores STORES = TestStores.embedded();}); then {@link #open()} gives
 * the running test a new, empty store, {@link #reopen} the same records again (a restart of the store), and every
 * store opened for a test is closed after it, its data directory deleted.
 *
 * <ul>
 * <li><b>memory</b>: {@link MemoryStores}; a memory store keeps nothing when it closes, so {@link #reopen} gives an
 * empty one, as restarting the memory store's bundle does.</li>
 * <li><b>embedded</b>: the embedded persistent store, RocksDB ({@link RocksStores}), each store in a directory of its
 * own under the temporary directory.</li>
 * <li><b>jdbc</b>: {@link JdbcStores} on one private PostgreSQL server ({@link PostgresServer}) that all the tests of
 * a run share, started at the first {@link #open()} and stopped when the run ends; each store in tables of its own.
 * Without PostgreSQL's binaries the test is skipped on a developer's machine and fails when {@code CI} is set.</li>
 * </ul>
 *
 * Not thread-safe: one test at a time opens and closes its stores (the stores themselves are thread-safe).
 */
public final class TestStores implements BeforeEachCallback, AfterEachCallback {

    /** A kind of store: how to open one, and how to open its records again. */
    private interface Kind {
        Opened open(ExtensionContext context) throws Exception;
    }

    /** A store opened here: how to open its records again, what to delete when the test is over. */
    private record Opened(Store store, Kind again, Path directory) {
    }

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TestStores.class);
    private static final AtomicInteger TABLES = new AtomicInteger();

    private final String type;
    private final Kind kind;
    /** Every store opened for the running test, also those closed since. */
    private final Map<Store, Opened> opened = new IdentityHashMap<>();
    /** Those not closed yet. */
    private final Set<Store> live = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Path> directories = new ArrayList<>();
    private ExtensionContext context;

    private TestStores(String type, Kind kind) {
        this.type = type;
        this.kind = kind;
    }

    /** Memory stores with the component's default limits. */
    public static TestStores memory() {
        return memory(-1);
    }

    /** Memory stores of at most {@code maxRecords} records ({@code -1}: the component's default). */
    public static TestStores memory(long maxRecords) {
        Kind memory = new Kind() {
            @Override
            public Opened open(ExtensionContext context) {
                return new Opened(maxRecords < 0 ? MemoryStores.open() : MemoryStores.open(maxRecords), this, null);
            }
        };
        return new TestStores(Store.TYPE_MEMORY, memory);
    }

    /** Embedded persistent stores (RocksDB), each in a new directory. */
    public static TestStores embedded() {
        return new TestStores(Store.TYPE_ROCKSDB, context -> embeddedIn(Files.createTempDirectory("estuary-rocksdb")));
    }

    private static Opened embeddedIn(Path directory) {
        return new Opened(RocksStores.open(directory), context -> embeddedIn(directory), directory);
    }

    /** jdbc stores on the run's private PostgreSQL server, each in new tables. */
    public static TestStores jdbc() {
        return new TestStores(Store.TYPE_JDBC, context -> jdbcIn(database(context), "t" + TABLES.incrementAndGet()
                + "_"));
    }

    private static Opened jdbcIn(DataSource dataSource, String prefix) {
        return new Opened(JdbcStores.open(dataSource, prefix), context -> jdbcIn(dataSource, prefix), null);
    }

    /** The run's PostgreSQL server, started at the first call. */
    private static DataSource database(ExtensionContext context) throws Exception {
        Database database = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Database.class,
                key -> Database.start(), Database.class);
        return database.dataSource;
    }

    /** The PostgreSQL server of a run; closed by JUnit when the run ends. */
    private static final class Database implements ExtensionContext.Store.CloseableResource {
        final PostgresServer server;
        final DataSource dataSource;

        private Database(PostgresServer server) {
            this.server = server;
            this.dataSource = server.dataSource("estuary-tests");
        }

        static Database start() {
            try {
                return new Database(PostgresServer.start("estuary-tests"));
            } catch (RuntimeException e) {
                throw e; // also the skip (TestAbortedException) when PostgreSQL is not installed
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the tests' PostgreSQL server: " + e, e);
            }
        }

        @Override
        public void close() throws Exception {
            server.close();
        }
    }

    /** {@link Store#TYPE_MEMORY}, {@link Store#TYPE_ROCKSDB} or {@link Store#TYPE_JDBC}. */
    public String type() {
        return type;
    }

    /** A new, empty store for the running test, closed after it. */
    public Store open() {
        return track(open(kind));
    }

    /**
     * Closes {@code store} (if still open) and opens its records again, as a restart of the store's bundle does: a
     * RocksDB store from its directory, a jdbc store from its tables; a memory store comes back empty.
     *
     * @throws IllegalArgumentException if {@code store} was not opened here for the running test
     */
    public Store reopen(Store store) {
        Opened earlier = opened.get(store);
        if (earlier == null) {
            throw new IllegalArgumentException("not a store this " + type + " TestStores opened for this test: "
                    + store);
        }
        close(store);
        return track(open(earlier.again()));
    }

    /** Closes {@code store} now, as SCR does when the store's bundle stops (Store S7); nothing if already closed. */
    public void close(Store store) {
        if (live.remove(store)) {
            closeStore(store);
        }
    }

    private Opened open(Kind of) {
        if (context == null) {
            throw new IllegalStateException("register TestStores as a JUnit extension (@RegisterExtension) and open "
                    + "stores while a test runs");
        }
        try {
            return of.open(context);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot open a " + type + " store: " + e, e);
        }
    }

    private Store track(Opened store) {
        opened.put(store.store(), store);
        live.add(store.store());
        if (store.directory() != null && !directories.contains(store.directory())) {
            directories.add(store.directory());
        }
        return store.store();
    }

    private void closeStore(Store store) {
        switch (type) {
            case Store.TYPE_MEMORY -> MemoryStores.close(store);
            case Store.TYPE_ROCKSDB -> RocksStores.close(store);
            case Store.TYPE_JDBC -> JdbcStores.close(store);
            default -> throw new IllegalArgumentException("not a store from TestStores: " + store);
        }
    }

    @Override
    public void beforeEach(ExtensionContext running) {
        context = running;
    }

    @Override
    public void afterEach(ExtensionContext running) throws IOException {
        try {
            for (Store store : List.copyOf(live)) {
                close(store);
            }
        } finally {
            live.clear();
            opened.clear();
            context = null;
            for (Path directory : directories) {
                delete(directory);
            }
            directories.clear();
        }
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
