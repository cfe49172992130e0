package org.estuary.itest;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.client.EstuaryClient;
import org.estuary.txn.conformance.Recording;
import org.estuary.txn.conformance.TransactionConformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.runner.RunWith;

/**
 * The TX conformance suite (the one the txn bundle runs in-JVM on every store) from this JVM, through
 * org.estuary.client, against two distributions started as an operator starts them: nested transactions whose
 * parent the other container's manager holds cross containers. The participants live in this JVM, exported through
 * the client, so both containers call them over RMI.
 */
@RunWith(JUnitPlatformRunner.class)
public class RemoteTxnConformanceIT extends TransactionConformance {

    private static RunningDistribution first;
    private static RunningDistribution second;
    private static EstuaryClient client;
    private static EstuaryClient otherClient;

    @BeforeAll
    static void start() throws Exception {
        // one after the other: two containers booting at once on two cores take longer than twice one
        first = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        first.awaitBound(NestableTransactionManager.class);
        second = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        second.awaitBound(NestableTransactionManager.class);
        client = EstuaryClient.connect("127.0.0.1", first.registryPort);
        otherClient = EstuaryClient.connect("127.0.0.1", second.registryPort);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closing : new AutoCloseable[] {client, otherClient, first, second}) {
            if (closing != null) {
                closing.close();
            }
        }
    }

    @Override
    protected NestableTransactionManager manager() throws Exception {
        return client.lookup(NestableTransactionManager.class);
    }

    @Override
    protected NestableTransactionManager otherManager() throws Exception {
        return otherClient.lookup(NestableTransactionManager.class);
    }

    @Override
    protected TransactionParticipant export(Recording participant) throws Exception {
        return client.exportParticipant(participant);
    }
}
