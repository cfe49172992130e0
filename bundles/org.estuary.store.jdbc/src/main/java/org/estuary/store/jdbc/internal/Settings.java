package org.estuary.store.jdbc.internal;

import java.util.regex.Pattern;

/**
 * The jdbc store's effective configuration, checked once: the component's {@code Config} converted into a value
 * the store and the tests can build directly.
 *
 * @param tablePrefix prefix of the store's two tables ({@code <prefix>records}, {@code <prefix>schema_version})
 * @param maxRecords records the store holds at most
 * @param maxBytes logical bytes (UTF-8 keys plus values) the store holds at most
 * @param queueBound batches waiting for their commit at most (Store S5)
 * @param admissionMillis how long {@code apply} waits for room in a full queue before failing with OVERLOADED
 * @param maxBatchesPerCommit batches one database transaction carries at most (group commit)
 * @param statementTimeoutSeconds bound of every statement, so a hung database fails batches instead of hanging them
 */
record Settings(String tablePrefix, long maxRecords, long maxBytes, int queueBound, long admissionMillis,
        int maxBatchesPerCommit, int statementTimeoutSeconds) {

    /** Lower-case SQL identifier characters only: the prefix is pasted into statements, never quoted. */
    private static final Pattern PREFIX = Pattern.compile("[a-z][a-z0-9_]{0,39}");

    Settings {
        if (!PREFIX.matcher(tablePrefix).matches()) {
            throw new IllegalArgumentException("table.prefix must be 1 to 40 characters a-z, 0-9 and '_', "
                    + "starting with a letter: \"" + tablePrefix + "\"");
        }
        positive(maxRecords, "max.records");
        positive(maxBytes, "max.bytes");
        positive(queueBound, "queue.bound");
        if (admissionMillis < 0) {
            throw new IllegalArgumentException("admission.timeout.ms must not be negative: " + admissionMillis);
        }
        positive(maxBatchesPerCommit, "max.batches.per.commit");
        positive(statementTimeoutSeconds, "statement.timeout.seconds");
    }

    private static void positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    @Override
    public String toString() {
        return "table.prefix=" + tablePrefix + ", max.records=" + maxRecords + ", max.bytes=" + maxBytes
                + ", queue.bound=" + queueBound + ", admission.timeout.ms=" + admissionMillis
                + ", max.batches.per.commit=" + maxBatchesPerCommit + ", statement.timeout.seconds="
                + statementTimeoutSeconds;
    }
}
