package org.estuary.renewal.internal;

import javax.sql.DataSource;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.renewal.conformance.LeaseRenewalConformance;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * The LR conformance suite against the component's backend in this JVM, on the jdbc store over a real PostgreSQL server
 * this class starts. Each test has its own tables.
 */
class InJvmJdbcStoreConformanceTest extends LeaseRenewalConformance {

    private static PostgresServer server;
    private static DataSource dataSource;
    private static int tests;

    private Harness harness;
    private LeaseRenewalService service;

    @BeforeAll
    static void database() throws Exception {
        server = Stores.postgres("renewal-conformance");
        dataSource = server.dataSource("estuary-renewal-conformance");
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected LeaseRenewalService service() throws Exception {
        if (service == null) {
            service = harness().start().proxy();
        }
        return service;
    }

    @Override
    protected Clock clock() {
        return harness().clock;
    }

    @Override
    protected void advance(long millis) {
        harness().advance(millis);
    }

    private Harness harness() {
        if (harness == null) {
            harness = new Harness(Stores.jdbc(dataSource, "lr" + tests++ + "_"));
        }
        return harness;
    }

    @AfterEach
    void close() {
        if (harness != null) {
            harness.close();
            Stores.close(harness.store);
        }
    }
}
