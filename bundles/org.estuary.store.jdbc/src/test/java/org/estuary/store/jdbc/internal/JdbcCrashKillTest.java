package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.CrashKillLoop;
import org.estuary.store.api.testing.CrashWorkload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * Store S1, S3 under SIGKILL: the client JVM (the store, not the database) writes acknowledged batches under load and
 * is killed with SIGKILL at random moments, with batches in flight and transactions open. After each kill a new store
 * over the same tables must hold every acknowledged batch, whole, and no part of any other: a batch is acknowledged
 * only after its transaction committed, and a transaction cut off by the kill is rolled back by the server, or
 * committed by it when its COMMIT arrived before the kill (then the next store waits for it: the writer fence,
 * {@link Tables#fenceWriters}). The short form (the test command) kills {@code estuary.crash.kills} times (50 by
 * default); the long form is
 * {@code mvn test -pl bundles/org.estuary.store.jdbc -Dtest=JdbcCrashKillTest -Destuary.crash.kills=1000}.
 */
class JdbcCrashKillTest {

    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("crash");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyAcknowledgedBatchSurvivesKillMinusNineOfTheClient() throws Exception {
        long[] acked = CrashKillLoop.run(CrashKillLoop.kills(),
                List.of(JdbcCrashChild.class.getName(), Integer.toString(server.port())), List.of(),
                new CrashKillLoop.Opener() {
                    @Override
                    public Store open() {
                        return Stores.open(JdbcCrashChild.dataSource(server.port()), JdbcCrashChild.settings());
                    }

                    @Override
                    public void close(Store store) {
                        ((JdbcStore) store).close();
                    }
                });
        assertTrue(Arrays.stream(acked).allMatch(n -> n > CrashWorkload.WINDOW),
                "every writer got batches acknowledged: " + Arrays.toString(acked));
    }
}
