package org.estuary.itest;

import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * The private PostgreSQL server of {@link JdbcStoreIT}, started in the test JVM before the container boots, by the
 * jdbc bundle's own test helper (from its test jar): {@code initdb} under {@code itest/target/postgres/}, a free port
 * of 127.0.0.1, trust authentication for the user {@code postgres}. Stopped by PID when the tests of this JVM are
 * done ({@link StopPrivatePostgres}); the helper's shutdown hook is only the fallback.
 *
 * <p>Only the test JVM touches this class; inside the container the probe never loads it.
 */
final class PrivatePostgres {

    private static PostgresServer server;

    private PrivatePostgres() {
    }

    /** The server's port, starting it on the first call. Fails (never skips) when PostgreSQL is not installed. */
    static synchronized int port() {
        if (server == null) {
            try {
                server = PostgresServer.startOrThrow("itest-jdbc");
            } catch (Exception e) {
                throw new IllegalStateException("the jdbc store's integration test needs a PostgreSQL server: "
                        + e.getMessage(), e);
            }
        }
        return server.port();
    }

    /** A DataSource on the server's database {@code postgres} as the user {@code postgres}, starting it if needed. */
    static synchronized javax.sql.DataSource dataSource(String applicationName) {
        port();
        return server.dataSource(applicationName);
    }

    /** Stops the server by PID and deletes its files; idempotent. */
    static synchronized void stop() throws Exception {
        if (server != null) {
            try {
                server.close();
            } finally {
                server = null;
            }
        }
    }
}
