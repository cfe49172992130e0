package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

/** What the store reports for each kind of database failure (Store S6: messages name the cause). */
class SqlFailuresTest {

    @Test
    void aFullDiskIsFullAndSaysWhereToFreeSpace() {
        // A full database is FULL, naming the cause
        StoreException e = SqlFailures.map(new SQLException("could not extend file", "53100"), "commit 1 batch",
                false);
        assertSame(Reason.FULL, e.reason());
        assertTrue(e.getMessage().contains("disk full") && e.getMessage().contains("could not extend file"),
                e.getMessage());
        assertFalse(e.outcomeUnknown());
    }

    @Test
    void connectionFailuresAreUnavailableAndRetriedOnAFreshConnection() {
        // An unreachable database is UNAVAILABLE; a broken connection may be replaced
        SQLException refused = new SQLException("Connection to 127.0.0.1:1 refused", "08001");
        StoreException e = SqlFailures.map(refused, "commit 2 batches", true);
        assertSame(Reason.UNAVAILABLE, e.reason());
        assertTrue(e.getMessage().contains("cannot reach the database") && e.getMessage().contains("refused")
                && e.getMessage().contains("outcome is unknown"), e.getMessage());
        assertTrue(e.outcomeUnknown());
        assertTrue(SqlFailures.isConnectionFailure(refused));
        assertTrue(SqlFailures.isConnectionFailure(new SQLException("terminating connection", "57P01")));
        assertFalse(SqlFailures.isConnectionFailure(new SQLException("syntax", "42601")));
        assertFalse(SqlFailures.isConnectionFailure(new IllegalStateException("no SQL state")));
    }

    @Test
    void otherCausesAreNamed() {
        // Store S6: the operator reads what to fix
        assertTrue(SqlFailures.map(new SQLException("password authentication failed", "28P01"), "open", false)
                .getMessage().contains("user and password"));
        assertTrue(SqlFailures.map(new SQLException("cannot execute INSERT", "25006"), "open", false)
                .getMessage().contains("standby"));
        assertTrue(SqlFailures.map(new SQLException("canceling statement", "57014"), "open", false)
                .getMessage().contains("statement.timeout.seconds"));
        StoreException unknown = SqlFailures.map(new IllegalStateException("schema version 99"), "open", false);
        assertSame(Reason.UNAVAILABLE, unknown.reason());
        assertTrue(unknown.getMessage().contains("schema version 99"));
    }

    @Test
    void badSettingsAreRefusedNamingTheProperty() {
        // Configuration is checked; the prefix is pasted into SQL, so only plain identifiers pass
        assertThrows(IllegalArgumentException.class, () -> settings("x; DROP TABLE y", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings("Upper_", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings("", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings("_x", 1, 1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> settings("ok_", 0, 1)).getMessage()
                .contains("queue.bound"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> settings("ok_", 1, 0)).getMessage()
                .contains("max.batches.per.commit"));
        assertTrue(settings("estuary_", 1, 1).toString().contains("table.prefix=estuary_"));
    }

    private static Settings settings(String prefix, int queueBound, int perCommit) {
        return new Settings(prefix, 1, 1, queueBound, 0, perCommit, 1);
    }
}
