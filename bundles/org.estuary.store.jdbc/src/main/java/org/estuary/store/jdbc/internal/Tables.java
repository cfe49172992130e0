package org.estuary.store.jdbc.internal;

/**
 * The store's table names and every statement it runs, built once from the configured prefix (checked by
 * {@link Settings} to be a plain lower-case identifier, so pasting it into SQL is safe).
 */
final class Tables {

    private final String records;
    private final String schemaVersion;

    Tables(String prefix) {
        this.records = prefix + "records";
        this.schemaVersion = prefix + "schema_version";
    }

    /** The table of records: (space, key) → value, logical size, checksum. */
    String records() {
        return records;
    }

    /** The table of applied schema migrations, one row per version. */
    String schemaVersion() {
        return schemaVersion;
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
