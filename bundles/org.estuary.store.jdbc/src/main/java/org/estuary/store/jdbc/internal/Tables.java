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
    private final long fenceKey;

    Tables(String prefix) {
        this.records = prefix + "records";
        this.schemaVersion = prefix + "schema_version";
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
}
