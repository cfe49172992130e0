package org.estuary.store.jdbc.internal;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import javax.sql.DataSource;

import org.estuary.store.api.ActiveRole;
import org.estuary.store.api.Batch;
import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.Names;
import org.estuary.store.api.Operation;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;

/**
 * The PostgreSQL store: records in one table of the database a {@link DataSource} reaches, written by one commit
 * thread with group commit.
 *
 * <p>{@link #apply} puts the batch into a bounded queue (Store S5: it waits at most {@code admission.timeout.ms}
 * for room, then fails with OVERLOADED). The commit thread takes every batch waiting, up to
 * {@code max.batches.per.commit}, weighs each against the limits ({@link GroupPlan}), writes the group's net
 * effect in one transaction and commits once; only then does it acknowledge the group's batches, in acceptance
 * order (S3). When the database fails, the group's batches fail with a message naming the cause (S6) and the
 * next group tries a fresh connection, so the store resumes by itself when the database is back. A commit whose
 * outcome is unknown (the connection broke during {@code COMMIT}) is reported as such and the size index is
 * reloaded from the table before the next group. Scans read the table directly and check each row's checksum.
 * Writing transactions and the index load take the writer fence first ({@link Tables#fenceWriters}), so a store
 * opened after a writer died counts and follows that writer's last commit, which may land after its death. With
 * failover, a writing transaction also checks the lease rows of the instances it writes ({@link LeaseFence}): a
 * batch of an instance this container does not hold fails with UNAVAILABLE.
 */
final class JdbcStore implements Store {

    private static final System.Logger LOG = System.getLogger(JdbcStore.class.getName());

    /** How often the idle commit thread looks whether the store closed. */
    private static final long POLL_MILLIS = 50;

    private static final class Pending {
        final Batch batch;
        final long acceptedNanos = System.nanoTime();
        final CompletableFuture<Void> done = new CompletableFuture<>();

        Pending(Batch batch) {
            this.batch = batch;
        }
    }

    private final DataSource dataSource;
    private final Settings settings;
    private final Tables tables;
    private final Schema schema;
    private final BlockingQueue<Pending> queue;
    private final RecordIndex index = new RecordIndex();
    private final LatencyWindow latency = new LatencyWindow();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Object schemaLock = new Object();
    private final Thread committer;
    private volatile String lastFailure;
    private volatile boolean closed;
    private volatile boolean schemaReady;
    private volatile List<Pending> inFlight = List.of();

    // Confined to the commit thread.
    private Connection writer;
    private boolean indexLoaded;
    private boolean reachable = true;

    /** Observes the commits (tests, the store benchmark); {@link JdbcProbe#NONE} in the component. */
    private final JdbcProbe probe;
    /** The terms of failover this container holds; every writing transaction checks them. */
    private final LeaseFence leases;

    private JdbcStore(DataSource dataSource, Settings settings, JdbcProbe probe, LeaseFence leases) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.leases = Objects.requireNonNull(leases, "leases");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.tables = new Tables(settings.tablePrefix());
        this.schema = new Schema(tables);
        this.queue = new ArrayBlockingQueue<>(settings.queueBound());
        this.committer = new Thread(this::run, "estuary-store-jdbc-commit-" + tables.records());
        this.committer.setDaemon(true);
        loadRefusalPath();
    }

    /**
     * Loads the classes of the refusal path while this bundle's wiring is valid, counting nothing: a caller still
     * holding this store after its bundle was refreshed (bundle:update) then gets CLOSED, as Store
     * S7 says, not a ClassNotFoundException for a class it was the first to need after the old wiring was discarded.
     */
    private void loadRefusalPath() {
        Pending refused = new Pending(Batch.builder().put("estuary/warm-up", "k", new byte[1]).build());
        refused.done.completeExceptionally(closedFailure(false));
        try {
            refused.done.get();
        } catch (java.util.concurrent.ExecutionException e) {
            StoreException.from(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Opens the store: creates or migrates the schema and loads the size index in the calling thread (so stats
     * are right from the start), then starts the commit thread. If the database is not reachable yet, the store
     * opens anyway, every operation fails with UNAVAILABLE until it is, and the commit thread prepares it then.
     *
     * @param probe observes the commits ({@link JdbcProbe#NONE}: nobody)
     * @param leases fences its writes by the failover leases this container holds
     */
    static JdbcStore open(DataSource dataSource, Settings settings, JdbcProbe probe, LeaseFence leases) {
        JdbcStore store = new JdbcStore(dataSource, settings, probe, leases);
        store.prepare(); // before start(): the commit thread sees what it did
        store.committer.start();
        return store;
    }

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        Pending pending = new Pending(batch);
        if (closed) {
            fail(pending, closedFailure(false));
            return pending.done;
        }
        boolean accepted;
        try {
            accepted = queue.offer(pending, settings.admissionMillis(), MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(pending, new StoreException(Reason.OVERLOADED, "jdbc store: interrupted while waiting for room "
                    + "in its commit queue; the batch was not accepted"));
            return pending.done;
        }
        if (!accepted) {
            // S5: back-pressure, bounded in time
            fail(pending, new StoreException(Reason.OVERLOADED, "jdbc store overloaded: its commit queue stayed "
                    + "full (queue.bound=" + settings.queueBound() + " batches) for admission.timeout.ms="
                    + settings.admissionMillis() + "; the database commits slower than batches arrive: check its "
                    + "latency, or raise queue.bound (" + JdbcStoreComponent.PID + ")"));
            return pending.done;
        }
        if (closed) {
            failQueued(); // closed while this batch went in: no stage is left hanging (S7)
        }
        return pending.done;
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        Names.requireSpace(space);
        Objects.requireNonNull(visitor, "visitor");
        requireOpen();
        Connection connection = connect("scan " + space);
        try {
            connection.setAutoCommit(false); // PostgreSQL streams rows by fetch size only inside a transaction
            ensureSchema(connection);
            try (PreparedStatement select = connection.prepareStatement(tables.selectSpace())) {
                select.setQueryTimeout(settings.statementTimeoutSeconds());
                select.setFetchSize(1_000);
                select.setString(1, space);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        String key = rows.getString(1);
                        byte[] value = rows.getBytes(2);
                        check(space, key, value, rows.getInt(3), rows.getLong(4));
                        visitor.accept(key, value);
                    }
                }
            }
        } catch (SQLException e) {
            throw SqlFailures.map(e, "scan " + space, false);
        } finally {
            release(connection);
        }
    }

    @Override
    public Set<String> spaces() throws StoreException {
        requireOpen();
        Connection connection = connect("list spaces");
        try {
            connection.setAutoCommit(false);
            ensureSchema(connection);
            Set<String> spaces = new HashSet<>();
            try (PreparedStatement select = connection.prepareStatement(tables.selectSpaces())) {
                select.setQueryTimeout(settings.statementTimeoutSeconds());
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        spaces.add(rows.getString(1));
                    }
                }
            }
            return Set.copyOf(spaces);
        } catch (SQLException e) {
            throw SqlFailures.map(e, "list spaces", false);
        } finally {
            release(connection);
        }
    }

    @Override
    public StoreStats stats() {
        return StoreStats.builder(Store.TYPE_JDBC)
                .contents(Math.max(0, index.records()), Math.max(0, index.bytes()))
                .limits(settings.maxRecords(), settings.maxBytes())
                .queued(queue.size() + inFlight.size())
                .outcomes(commits.get(), failures.get())
                .latency(latency.last(), latency.percentile(99))
                .lastFailure(lastFailure)
                .diskBytes(diskBytes())
                .build();
    }

    /**
     * The size on disk: what PostgreSQL gives for the store's tables with their indexes and TOAST;
     * {@link StoreStats#NOT_ON_DISK} while the database cannot answer (stats answer also then, S7).
     */
    private long diskBytes() {
        if (closing.get()) {
            return StoreStats.NOT_ON_DISK;
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT pg_total_relation_size(to_regclass(?)) + pg_total_relation_size(to_regclass(?))")) {
            select.setQueryTimeout(Math.min(5, settings.statementTimeoutSeconds()));
            select.setString(1, tables.records());
            select.setString(2, tables.schemaVersion());
            try (ResultSet result = select.executeQuery()) {
                long size = result.next() ? result.getLong(1) : 0;
                return result.wasNull() ? StoreStats.NOT_ON_DISK : size;
            }
        } catch (SQLException | RuntimeException e) {
            return StoreStats.NOT_ON_DISK;
        }
    }

    /** The effective settings. */
    Settings settings() {
        return settings;
    }

    /**
     * Closes the store (S7): the group being committed is finished, batches still queued fail with CLOSED, later
     * calls fail with CLOSED. Waits for the commit thread at most one statement timeout. A second call does
     * nothing more.
     */
    void close() {
        closed = true;
        if (closing.compareAndSet(false, true)) {
            try {
                committer.join(settings.statementTimeoutSeconds() * 1_000L + 5_000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (committer.isAlive()) {
                committer.interrupt();
                for (Pending pending : inFlight) {
                    fail(pending, closedFailure(true));
                }
            }
        }
        failQueued();
    }

    // ---- the commit thread

    private void prepare() {
        try {
            ensureReady(writer());
        } catch (SQLException | RuntimeException e) {
            dropWriter();
            markReachable(false, SqlFailures.map(e, "open", false));
        }
    }

    private void run() {
        while (!closed) {
            Pending first;
            try {
                first = queue.poll(POLL_MILLIS, MILLISECONDS);
            } catch (InterruptedException e) {
                break;
            }
            if (first == null) {
                continue;
            }
            List<Pending> group = new ArrayList<>();
            group.add(first);
            queue.drainTo(group, settings.maxBatchesPerCommit() - 1);
            inFlight = group;
            commit(group);
            inFlight = List.of();
        }
        dropWriter();
    }

    /** Commits one group in one transaction and completes its batches in acceptance order (S3). */
    private void commit(List<Pending> group) {
        StoreException[] refused = new StoreException[group.size()];
        for (int attempt = 1;; attempt++) {
            boolean reused = writer != null;
            boolean committing = false;
            Arrays.fill(refused, null);
            try {
                Connection connection = writer();
                if (leases.takeGranted()) {
                    indexLoaded = false; // a takeover: count what the earlier holder wrote
                }
                ensureReady(connection);
                Set<String> instances = instancesOf(group);
                Map<String, String> fenced = Map.of();
                if (!instances.isEmpty()) {
                    fence(connection);
                    fenced = leases.refusals(connection, tables, instances, settings.statementTimeoutSeconds());
                }
                GroupPlan plan = new GroupPlan(index, settings);
                for (int i = 0; i < refused.length; i++) {
                    Batch batch = group.get(i).batch;
                    String notActive = refusal(batch, fenced);
                    refused[i] = notActive != null ? new StoreException(Reason.UNAVAILABLE, notActive)
                            : plan.add(batch);
                }
                if (plan.isEmpty()) {
                    connection.rollback(); // ends the fence's locks
                } else {
                    plan.write(connection, tables, settings.statementTimeoutSeconds());
                    probe.beforeCommit();
                    committing = true;
                    connection.commit();
                    committing = false;
                    probe.committed();
                    plan.applyTo(index);
                }
                markReachable(true, null);
                complete(group, refused, null);
                return;
            } catch (SQLException | RuntimeException e) {
                dropWriter();
                if (committing) {
                    indexLoaded = false; // the commit may have happened: reload what the table holds
                }
                if (!committing && reused && attempt == 1 && SqlFailures.isConnectionFailure(e)) {
                    continue; // a connection the server dropped since the last group: once more on a fresh one
                }
                StoreException failure = SqlFailures.map(e, "commit " + group.size()
                        + (group.size() == 1 ? " batch" : " batches"), committing);
                markReachable(false, failure);
                complete(group, refused, failure);
                return;
            }
        }
    }

    /** The service instances the group writes: the first segments of its spaces. */
    private static Set<String> instancesOf(List<Pending> group) {
        Set<String> instances = new HashSet<>();
        for (Pending pending : group) {
            for (Operation op : pending.batch.operations()) {
                instances.add(ActiveRole.instanceOf(op.space()));
            }
        }
        return instances;
    }

    /** Why the batch may not be written (an instance of it is fenced), or null. */
    private static String refusal(Batch batch, Map<String, String> fenced) {
        if (fenced.isEmpty()) {
            return null;
        }
        for (Operation op : batch.operations()) {
            String why = fenced.get(ActiveRole.instanceOf(op.space()));
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private void complete(List<Pending> group, StoreException[] refused, StoreException failure) {
        for (int i = 0; i < refused.length; i++) {
            Pending pending = group.get(i);
            if (refused[i] != null) {
                fail(pending, refused[i]);
            } else if (failure != null) {
                fail(pending, failure);
            } else {
                latency.record(System.nanoTime() - pending.acceptedNanos);
                commits.incrementAndGet();
                pending.done.complete(null);
            }
        }
    }

    private void ensureReady(Connection connection) throws SQLException {
        ensureSchema(connection);
        if (!indexLoaded) {
            fence(connection); // a writer that died committing finishes first: the index then counts its group
            index.load(connection, tables, settings.statementTimeoutSeconds());
            connection.commit();
            indexLoaded = true;
        }
    }

    /** Takes the writer fence ({@link Tables#fenceWriters}) in the connection's current transaction. */
    private void fence(Connection connection) throws SQLException {
        long idle = leases.idleMillis();
        if (idle > 0) {
            try (PreparedStatement limit = connection.prepareStatement(
                    "SELECT set_config('idle_in_transaction_session_timeout', ?, true)")) {
                limit.setQueryTimeout(settings.statementTimeoutSeconds());
                limit.setString(1, Long.toString(idle));
                limit.execute();
            }
        }
        try (PreparedStatement lock = connection.prepareStatement(tables.fenceWriters())) {
            lock.setQueryTimeout(settings.statementTimeoutSeconds());
            lock.execute();
        }
    }

    private Connection writer() throws SQLException {
        if (writer == null) {
            Connection connection = dataSource.getConnection();
            try {
                connection.setAutoCommit(false);
            } catch (SQLException e) {
                release(connection);
                throw e;
            }
            writer = connection;
        }
        return writer;
    }

    private void dropWriter() {
        if (writer != null) {
            release(writer);
            writer = null;
        }
    }

    /** Logs the transitions an operator must know about: the database lost (WARN once), and back. */
    private void markReachable(boolean now, StoreException failure) {
        if (now) {
            if (!reachable) {
                LOG.log(Level.INFO, "Estuary jdbc store (table " + tables.records() + ") reaches its database "
                        + "again; batches commit");
            }
            reachable = true;
        } else {
            if (reachable) {
                LOG.log(Level.WARNING, failure.getMessage() + "; batches fail with " + failure.reason()
                        + " until the cause is gone, then the store resumes by itself");
            }
            reachable = false;
        }
    }

    // ---- shared helpers

    private void ensureSchema(Connection connection) throws SQLException {
        if (schemaReady) {
            return;
        }
        synchronized (schemaLock) {
            if (!schemaReady) {
                int found = schema.migrate(connection, settings.statementTimeoutSeconds());
                if (found < Schema.LATEST) {
                    LOG.log(Level.INFO, "Estuary jdbc store: schema of table " + tables.records() + " migrated from "
                            + "version " + found + " to " + Schema.LATEST);
                }
                schemaReady = true;
            }
        }
    }

    /** Records are checked on read; a corrupt row is reported, never skipped. */
    private void check(String space, String key, byte[] value, int size, long checksum) throws StoreException {
        long computed = RecordChecksum.of(space, key, value);
        int logical = Names.utf8Length(key) + value.length;
        if (computed != checksum || logical != size) {
            StoreException corrupt = new StoreException(Reason.CORRUPT, "jdbc store: record (" + space + ", " + key
                    + ") in table " + tables.records() + " fails its check on read (checksum stored " + checksum
                    + ", computed " + computed + "; size stored " + size + ", computed " + logical + "): the row "
                    + "was changed outside Estuary or the storage is damaged; restore it from a backup or delete "
                    + "the row");
            LOG.log(Level.WARNING, corrupt.getMessage());
            throw corrupt;
        }
    }

    private Connection connect(String doing) throws StoreException {
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw SqlFailures.map(e, doing, false);
        }
    }

    private static void release(Connection connection) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // a broken connection: closing it is all that is left
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing to do about a connection that cannot close
        }
    }

    private void requireOpen() throws StoreException {
        if (closed) {
            throw closedFailure(false);
        }
    }

    private StoreException closedFailure(boolean outcomeUnknown) {
        return new StoreException(Reason.CLOSED, "jdbc store closed: its component was deactivated (bundle "
                + "stopping or updated, DataSource gone, or configuration changed); retry once the service is "
                + "bound to a store again", null, outcomeUnknown);
    }

    private void failQueued() {
        Pending pending;
        while ((pending = queue.poll()) != null) {
            fail(pending, closedFailure(false));
        }
    }

    private void fail(Pending pending, StoreException failure) {
        // Count before completing: a caller that sees its batch fail must find the failure in stats() already.
        if (!pending.done.isDone()) {
            failures.incrementAndGet();
            lastFailure = failure.getMessage();
            pending.done.completeExceptionally(failure);
        }
    }
}
