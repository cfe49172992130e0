package org.estuary.store.jdbc.internal;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The failover fence of one store: the terms this container holds, and the check every writing transaction makes
 * against the lease rows before it writes. An instance with a lease row may be written only by the holder of its
 * current token; the check locks the rows ({@code FOR SHARE}) until the transaction ends, so a takeover (which
 * updates the row) waits for a write in progress and every write after it sees the new token. A container that
 * lost its lease, also one paused past its term that does not know it yet, therefore cannot write the instance's
 * records once a standby took over. An instance without a row (no failover) is not fenced.
 */
final class LeaseFence {

    /** A term this container holds: its member name and token. */
    record Term(String member, long token) {
    }

    private final Map<String, Term> held = new ConcurrentHashMap<>();
    /** How long a writing transaction may wait for this container between statements; 0: no limit. */
    private volatile long idleMillis;
    /** A term was granted since the commit thread last looked: what the earlier holder wrote must be counted. */
    private volatile boolean granted;

    /** This container holds {@code instance} with {@code token} from now on; its writes pass the fence. */
    void grant(String instance, String member, long token) {
        held.put(instance, new Term(member, token));
        granted = true;
    }

    /**
     * Ends this container's writing transactions that wait for it between statements longer than {@code millis}
     * (PostgreSQL's {@code idle_in_transaction_session_timeout}): a container paused in the middle of a commit
     * (SIGSTOP, a long GC) holds the store's writer lock and the rows it wrote, and would keep the container that
     * takes over from writing until it resumed; the server ends such a transaction (rolled back) after
     * {@code millis} instead.
     */
    void limitIdle(long millis) {
        idleMillis = millis;
    }

    /** The limit of {@link #limitIdle}, 0 for none. */
    long idleMillis() {
        return idleMillis;
    }

    /** This container no longer holds {@code instance}; its writes fail the fence if a lease row exists. */
    void revoke(String instance) {
        held.remove(instance);
    }

    /** Whether a term was granted since the last call (the size index is then reloaded). */
    boolean takeGranted() {
        boolean was = granted;
        granted = false;
        return was;
    }

    /**
     * In the connection's transaction: locks the lease rows of {@code instances} and returns, for each instance
     * this container may not write, why not.
     */
    Map<String, String> refusals(Connection connection, Tables tables, Set<String> instances, int timeoutSeconds)
            throws SQLException {
        Map<String, String> refused = new HashMap<>();
        Array names = connection.createArrayOf("varchar", instances.toArray());
        try (PreparedStatement lock = connection.prepareStatement(tables.lockLeases())) {
            lock.setQueryTimeout(timeoutSeconds);
            lock.setArray(1, names);
            try (ResultSet rows = lock.executeQuery()) {
                while (rows.next()) {
                    String instance = rows.getString(1);
                    String member = rows.getString(2);
                    long token = rows.getLong(3);
                    Term ours = held.get(instance);
                    if (ours == null || ours.token() != token || !ours.member().equals(member)) {
                        refused.put(instance, "jdbc store: this container is not active for the service instance "
                                + instance + " (failover): its lease is held by " + member + " with token " + token
                                + (ours == null ? "" : ", this container's term was token " + ours.token())
                                + "; the write is refused so that nothing the active container wrote is "
                                + "overwritten; clients reach the active container");
                    }
                }
            }
        } finally {
            names.free();
        }
        return refused;
    }
}
