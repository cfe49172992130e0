package org.estuary.store.jdbc.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Without a PostgreSQL server the jdbc tests are skipped on a developer's machine and fail in CI.
 * Apart from {@link PostgresServer} so that the server helper itself needs no JUnit 5.
 */
final class SkipWithoutPostgres {

    private SkipWithoutPostgres() {
    }

    static void skipOrFail(String message) {
        if (System.getenv("CI") != null) {
            Assertions.fail(message + " (CI is set: these tests must not be skipped)");
        }
        Assumptions.abort(message);
    }
}
