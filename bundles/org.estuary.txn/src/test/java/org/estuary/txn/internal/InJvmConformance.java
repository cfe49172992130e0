package org.estuary.txn.internal;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.time.SystemClock;
import org.estuary.testing.TestStores;
import org.estuary.txn.conformance.Recording;
import org.estuary.txn.conformance.TransactionConformance;
import org.junit.jupiter.api.AfterEach;

/**
 * The TX conformance suite against two managers in this JVM on the system clock, each on a store of the kind a
 * subclass names, closed after the test by {@link TestStores}; participants are passed as they are.
 */
abstract class InJvmConformance extends TransactionConformance {

    private final SystemClock clock = new SystemClock("estuary-txn-conformance");
    private final TestStores stores;
    private Managers firstManagers;
    private Managers secondManagers;
    private NestableTransactionManager first;
    private NestableTransactionManager second;

    InJvmConformance(TestStores stores) {
        this.stores = stores;
    }

    /** Made at first use: a store opens only while a test runs. */
    private void start() throws Exception {
        if (first == null) {
            firstManagers = new Managers(stores.open(), clock);
            secondManagers = new Managers(stores.open(), clock);
            first = firstManagers.start(Managers.settings(1_000, 100)).proxy();
            second = secondManagers.start(Managers.settings(1_000, 100)).proxy();
        }
    }

    @Override
    protected NestableTransactionManager manager() throws Exception {
        start();
        return first;
    }

    @Override
    protected NestableTransactionManager otherManager() throws Exception {
        start();
        return second;
    }

    @Override
    protected TransactionParticipant export(Recording participant) {
        return participant;
    }

    @AfterEach
    void stop() {
        if (firstManagers != null) {
            firstManagers.close();
            secondManagers.close();
        }
        clock.close();
    }
}
