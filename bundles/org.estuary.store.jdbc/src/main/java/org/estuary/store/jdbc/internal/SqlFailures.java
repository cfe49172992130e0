package org.estuary.store.jdbc.internal;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * Turns what JDBC throws into a {@link StoreException} whose message names the cause and the remedy (Store S6),
 * by the SQLSTATE classes PostgreSQL documents: connection failures and a server shutting down
 * are UNAVAILABLE, a full disk is FULL, everything else UNAVAILABLE with the database's own words.
 */
final class SqlFailures {

    private SqlFailures() {
    }

    /**
     * The store failure for {@code thrown}.
     *
     * @param doing what the store was doing ("commit 3 batches", "scan renewal/sets")
     * @param outcomeUnknown whether the failure came from the commit itself, so the batches may be durable
     */
    static StoreException map(Throwable thrown, String doing, boolean outcomeUnknown) {
        String state = sqlState(thrown);
        String detail = describe(thrown);
        Reason reason = Reason.UNAVAILABLE;
        String cause;
        if (state == null) {
            cause = "database failed";
        } else if (state.equals("53100")) {
            reason = Reason.FULL;
            cause = "database disk full (SQLSTATE 53100); free space on the PostgreSQL server's disk";
        } else if (state.startsWith("08") || thrown instanceof SQLTransientConnectionException) {
            cause = "cannot reach the database (SQLSTATE " + state + "); check that PostgreSQL runs and that "
                    + "the DataSource's URL is right";
        } else if (state.startsWith("57P")) {
            cause = "database shutting down or restarting (SQLSTATE " + state + ")";
        } else if (state.startsWith("53")) {
            cause = "database out of resources (SQLSTATE " + state + ")";
        } else if (state.startsWith("28")) {
            cause = "database refused the login (SQLSTATE " + state + "); check the DataSource's user and "
                    + "password";
        } else if (state.equals("3D000")) {
            cause = "the DataSource's database does not exist (SQLSTATE 3D000)";
        } else if (state.equals("42501")) {
            cause = "the DataSource's user lacks a privilege on the store's tables (SQLSTATE 42501)";
        } else if (state.equals("25006")) {
            cause = "database is read-only (SQLSTATE 25006): the DataSource points at a standby";
        } else if (state.equals("57014")) {
            cause = "statement timed out (SQLSTATE 57014): the database is overloaded or locked; see "
                    + "statement.timeout.seconds";
        } else {
            cause = "database failed (SQLSTATE " + state + ")";
        }
        String message = "jdbc store cannot " + doing + ": " + cause + ": " + detail
                + (outcomeUnknown ? "; the commit's outcome is unknown" : "");
        return new StoreException(reason, message, thrown, outcomeUnknown);
    }

    /** Whether {@code thrown} says the connection is broken (so a fresh one may work), not the statement. */
    static boolean isConnectionFailure(Throwable thrown) {
        String state = sqlState(thrown);
        return thrown instanceof SQLTransientConnectionException
                || (state != null && (state.startsWith("08") || state.startsWith("57P")));
    }

    private static String sqlState(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof SQLException && ((SQLException) t).getSQLState() != null) {
                return ((SQLException) t).getSQLState();
            }
        }
        return null;
    }

    private static String describe(Throwable thrown) {
        StringBuilder text = new StringBuilder(String.valueOf(thrown.getMessage()));
        Throwable cause = thrown.getCause();
        if (cause != null && cause != thrown && cause.getMessage() != null
                && !text.toString().contains(cause.getMessage())) {
            text.append(" (").append(cause.getClass().getSimpleName()).append(": ").append(cause.getMessage())
                    .append(')');
        }
        return text.toString();
    }
}
