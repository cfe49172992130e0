package org.estuary.store.jdbc.internal;

/**
 * The store's table names and every statement it runs, built once from the configured prefix (checked by
 * {@link Settings} to be a plain lower-case identifier, so pasting it into SQL is safe).
 */
final class Tables {

    /** The high half of every writer-fence key: "ESTU", so the keys stay clear of other applications' locks. */
    private static final long FENCE_CLASS = 0x45535455L;

    private final String records;
    private final String schemaVersion;
    private final String leases;
    private final long fenceKey;

    Tables(String prefix) {
        this.records = prefix + "records";
        this.schemaVersion = prefix + "schema_version";
        this.leases = prefix + "leases";
        // Two tables whose names hash alike only wait for each other's transactions: slower, never wrong.
        this.fenceKey = FENCE_CLASS << 32 | (records.hashCode() & 0xFFFF_FFFFL);
    }

    /** The table of records: (space, key) → value, logical size, checksum. */
    String records() {
        return records;
    }

    /** The table of applied schema migrations, one row per version. */
    String schemaVersion() {
        return schemaVersion;
    }

    /** The table of failover leases: one row per service instance, its holder, fencing token and expiry. */
    String leases() {
        return leases;
    }

    /**
     * The writer fence: a transaction-scoped advisory lock on the records table, taken first by every transaction
     * that writes records and by the load of the size index. A writer whose client died may still be committing
     * (its COMMIT reached the server before the kill); the next store's load waits for that transaction to end, so
     * it sees what the dead writer committed, and its writes come after it. Released by PostgreSQL at commit or
     * rollback, so a pooled connection never keeps it.
     */
    String fenceWriters() {
        return "SELECT pg_advisory_xact_lock(" + fenceKey + ")";
    }

    String selectSizes() {
        return "SELECT space, key, size FROM " + records;
    }

    String selectSpace() {
        return "SELECT key, value, size, checksum FROM " + records + " WHERE space = ?";
    }

    String selectSpaces() {
        return "SELECT DISTINCT space FROM " + records;
    }

    String clearSpace() {
        return "DELETE FROM " + records + " WHERE space = ?";
    }

    String deleteRecord() {
        return "DELETE FROM " + records + " WHERE space = ? AND key = ?";
    }

    /** Insert or replace one record (PostgreSQL's upsert). */
    String upsertRecord() {
        return "INSERT INTO " + records + " (space, key, value, size, checksum) VALUES (?, ?, ?, ?, ?) "
                + "ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value, size = EXCLUDED.size, "
                + "checksum = EXCLUDED.checksum";
    }

    // ---- failover leases; times are the database's (now()), so the containers' clocks need not agree

    /**
     * Takes the lease of an instance if nobody holds it or its holder's lease ran out: a new term with the next
     * token. Parameters: instance, member, endpoint, lease milliseconds. Returns the token and the start (epoch
     * milliseconds), or no row when another container holds it.
     */
    String acquireLease() {
        return "INSERT INTO " + leases + " AS l (instance, member, endpoint, token, since, expires) "
                + "VALUES (?, ?, ?, 1, now(), now() + ? * interval '1 millisecond') "
                + "ON CONFLICT (instance) DO UPDATE SET member = EXCLUDED.member, endpoint = EXCLUDED.endpoint, "
                + "token = l.token + 1, since = EXCLUDED.since, expires = EXCLUDED.expires "
                + "WHERE l.expires < now() "
                + "RETURNING token, (extract(epoch FROM since) * 1000)::bigint";
    }

    /** Extends the holder's term. Parameters: lease milliseconds, instance, member, token. One row if it holds. */
    String renewLease() {
        return "UPDATE " + leases + " SET expires = now() + ? * interval '1 millisecond' "
                + "WHERE instance = ? AND member = ? AND token = ? AND expires >= now()";
    }

    /** Ends the holder's term now, so a standby takes over at its next heartbeat. Parameters: instance, member, token. */
    String releaseLease() {
        return "UPDATE " + leases + " SET expires = now() - interval '1 millisecond' "
                + "WHERE instance = ? AND member = ? AND token = ?";
    }

    /** Who holds an instance's lease. Parameter: instance. Member, endpoint, token, since, expires (epoch ms). */
    String selectLease() {
        return "SELECT member, endpoint, token, (extract(epoch FROM since) * 1000)::bigint, "
                + "(extract(epoch FROM expires) * 1000)::bigint FROM " + leases + " WHERE instance = ?";
    }

    /**
     * The fence every writing transaction checks: the lease rows of the instances it writes, locked against a
     * takeover until it commits. Parameter: the instances (text[]). Instance, member, token.
     */
    String lockLeases() {
        return "SELECT instance, member, token FROM " + leases + " WHERE instance = ANY (?) FOR SHARE";
    }
}
