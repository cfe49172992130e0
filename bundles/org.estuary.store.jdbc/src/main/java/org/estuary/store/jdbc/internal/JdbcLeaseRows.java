package org.estuary.store.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

/**
 * The lease table in the store's database: every call one auto-committed statement on a pooled connection,
 * bounded by a query timeout (a heartbeat must not hang behind a database that does not answer).
 */
final class JdbcLeaseRows implements LeaseRows {

    private final DataSource dataSource;
    private final Tables tables;
    private final Schema schema;
    private final int timeoutSeconds;
    private volatile boolean schemaReady;

    JdbcLeaseRows(DataSource dataSource, Tables tables, int timeoutSeconds) {
        this.dataSource = dataSource;
        this.tables = tables;
        this.schema = new Schema(tables);
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public Term acquire(String instance, String member, String endpoint, long leaseMillis) throws SQLException {
        try (Connection connection = connect(); PreparedStatement take = prepare(connection, tables.acquireLease())) {
            take.setString(1, instance);
            take.setString(2, member);
            take.setString(3, endpoint);
            take.setLong(4, leaseMillis);
            try (ResultSet row = take.executeQuery()) {
                return row.next() ? new Term(row.getLong(1), row.getLong(2)) : null;
            }
        }
    }

    @Override
    public boolean renew(String instance, String member, long token, long leaseMillis) throws SQLException {
        try (Connection connection = connect(); PreparedStatement renew = prepare(connection, tables.renewLease())) {
            renew.setLong(1, leaseMillis);
            renew.setString(2, instance);
            renew.setString(3, member);
            renew.setLong(4, token);
            return renew.executeUpdate() == 1;
        }
    }

    @Override
    public void release(String instance, String member, long token) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement release = prepare(connection, tables.releaseLease())) {
            release.setString(1, instance);
            release.setString(2, member);
            release.setLong(3, token);
            release.executeUpdate();
        }
    }

    @Override
    public Holder holder(String instance) throws SQLException {
        try (Connection connection = connect(); PreparedStatement select = prepare(connection, tables.selectLease())) {
            select.setString(1, instance);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? new Holder(row.getString(1), row.getString(2), row.getLong(3), row.getLong(4),
                        row.getLong(5)) : null;
            }
        }
    }

    /** A connection in auto-commit mode, the lease table created or migrated first (once). */
    private Connection connect() throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            if (!schemaReady) {
                connection.setAutoCommit(false);
                schema.migrate(connection, timeoutSeconds);
                schemaReady = true;
            }
            connection.setAutoCommit(true);
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setQueryTimeout(timeoutSeconds);
        return statement;
    }
}
