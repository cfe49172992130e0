package org.estuary.txn.internal;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.time.SystemClock;
import org.estuary.store.api.Store;
import org.estuary.txn.conformance.Recording;
import org.estuary.txn.conformance.TransactionConformance;
import org.junit.jupiter.api.AfterEach;

/**
 * The TX conformance suite against two managers in this JVM on the system clock, each on a store of the subclass's
 * kind; participants are passed as they are.
 */
abstract class InJvmConformance extends TransactionConformance {

    private final SystemClock clock = new SystemClock("estuary-txn-conformance");
    private final Managers managers = new Managers();
    private Store[] stores;
    private NestableTransactionManager first;
    private NestableTransactionManager second;

    /** A new store of the subclass's kind; {@code index} tells the two managers' stores apart. */
    abstract Store open(int index) throws Exception;

    abstract void close(Store store);

    private void start() throws Exception {
        if (first == null) {
            stores = new Store[] {open(0), open(1)};
            first = managers.start(Managers.settings(1_000, 100), stores[0], clock).proxy();
            second = managers.start(Managers.settings(1_000, 100), stores[1], clock).proxy();
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
        managers.close();
        clock.close();
        if (stores != null) {
            for (Store store : stores) {
                close(store);
            }
        }
    }
}
