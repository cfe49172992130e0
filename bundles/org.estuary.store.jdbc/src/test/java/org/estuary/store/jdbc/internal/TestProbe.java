package org.estuary.store.jdbc.internal;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

/** A {@link JdbcProbe} for tests: counts database commits and fails the next one as the database would. */
final class TestProbe implements JdbcProbe {

    private final AtomicLong commits = new AtomicLong();
    private volatile boolean failNext;

    @Override
    public void beforeCommit() throws SQLException {
        if (failNext) {
            failNext = false;
            throw new SQLException("commit failure injected by a test", "58030");
        }
    }

    @Override
    public void committed() {
        commits.incrementAndGet();
    }

    /**
     * Database transactions committed so far: with group commit, fewer than the batches acknowledged whenever
     * batches arrive concurrently.
     */
    long databaseCommits() {
        return commits.get();
    }

    /** The next group fails after its statements ran and before its commit (rolled back: no effect). */
    void failNextCommit() {
        failNext = true;
    }
}
