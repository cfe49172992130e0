package org.estuary.store.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Creates and migrates the store's tables (the bundle owns its schema). The version table holds
 * one row per applied step; {@link #migrate} applies the missing steps in order, each in the same transaction as
 * its row, under a table lock so that two containers starting together do not both migrate. Every step is
 * idempotent ({@code IF NOT EXISTS}), so a step half-applied by hand or by an older build is completed, not
 * repeated with an error. A database migrated by a newer bundle (a version above {@link #LATEST}) is refused:
 * this bundle would not know what the newer columns mean.
 */
final class Schema {

    /** One migration step. */
    record Step(int version, String description, List<String> statements) {
    }

    private final Tables tables;
    private final List<Step> steps;

    Schema(Tables tables) {
        this.tables = tables;
        String records = tables.records();
        this.steps = List.of(
                new Step(1, "records keyed by (space, key) with logical size and CRC-32C checksum", List.of(
                        "CREATE TABLE IF NOT EXISTS " + records + " ("
                                + "space varchar(128) NOT NULL, "
                                + "key varchar(256) NOT NULL, "
                                + "value bytea NOT NULL, "
                                + "size integer NOT NULL, "
                                + "checksum bigint NOT NULL, "
                                + "PRIMARY KEY (space, key))")),
                new Step(2, "comments for operators reading the schema in psql", List.of(
                        "COMMENT ON TABLE " + records + " IS 'Estuary store records: value is opaque to the "
                                + "database; size = UTF-8 key length + value length; checksum = CRC-32C of "
                                + "space, key and value, checked on every read'")),
                new Step(3, "failover leases: one active container per service instance, fencing tokens", List.of(
                        "CREATE TABLE IF NOT EXISTS " + tables.leases() + " ("
                                + "instance varchar(128) PRIMARY KEY, "
                                + "member varchar(256) NOT NULL, "
                                + "endpoint varchar(256) NOT NULL, "
                                + "token bigint NOT NULL, "
                                + "since timestamp with time zone NOT NULL, "
                                + "expires timestamp with time zone NOT NULL)")));
    }

    /** The schema version this bundle writes. */
    static final int LATEST = 3;

    /**
     * Brings the schema to {@link #LATEST} and returns the version found before. The connection must not be in
     * auto-commit mode; this method commits.
     *
     * @throws SQLException if the database fails
     * @throws IllegalStateException if the database was migrated by a newer bundle
     */
    int migrate(Connection connection, int timeoutSeconds) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(timeoutSeconds);
            statement.execute("CREATE TABLE IF NOT EXISTS " + tables.schemaVersion() + " ("
                    + "version integer PRIMARY KEY, "
                    + "description text NOT NULL, "
                    + "applied_at timestamp with time zone NOT NULL DEFAULT now())");
            connection.commit();
        } catch (SQLException e) {
            // Two containers creating the table at once: one of them loses the race; the table is there now.
            connection.rollback();
        }
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(timeoutSeconds);
            statement.execute("LOCK TABLE " + tables.schemaVersion() + " IN SHARE ROW EXCLUSIVE MODE");
            int found;
            try (ResultSet row = statement.executeQuery("SELECT coalesce(max(version), 0) FROM "
                    + tables.schemaVersion())) {
                row.next();
                found = row.getInt(1);
            }
            if (found > LATEST) {
                connection.rollback();
                throw new IllegalStateException("table " + tables.schemaVersion() + " says schema version " + found
                        + ", newer than the " + LATEST + " this bundle knows; update org.estuary.store.jdbc or "
                        + "use another table.prefix");
            }
            for (Step step : steps) {
                if (step.version() <= found) {
                    continue;
                }
                for (String sql : step.statements()) {
                    statement.execute(sql);
                }
                try (PreparedStatement mark = connection.prepareStatement("INSERT INTO " + tables.schemaVersion()
                        + " (version, description) VALUES (?, ?)")) {
                    mark.setInt(1, step.version());
                    mark.setString(2, step.description());
                    mark.executeUpdate();
                }
            }
            connection.commit();
            return found;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException ignored) {
                e.addSuppressed(ignored);
            }
            throw e;
        }
    }
}
