package org.estuary.store.jdbc.internal;

import java.sql.SQLException;

/**
 * Points in a group's commit where the jdbc store reports to an observer, or lets it stand in for the database:
 * a group's statements ran and its commit is next, a commit succeeded. The component runs with {@link #NONE};
 * tests and the store benchmark pass their own to {@link JdbcStore#open}, to count database transactions or to
 * fail a commit as the database would. Called in the commit thread.
 */
interface JdbcProbe {

    /** The probe of a store nobody observes. */
    JdbcProbe NONE = new JdbcProbe() {
    };

    /**
     * A group's statements ran and its commit is next; an {@link SQLException} fails the group as a database error
     * would (the transaction is rolled back, so the outcome is known: no effect).
     */
    default void beforeCommit() throws SQLException {
    }

    /** A database transaction carrying a group committed. */
    default void committed() {
    }
}
