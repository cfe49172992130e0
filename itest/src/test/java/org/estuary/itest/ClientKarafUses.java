package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.event.RemoteEvent;

import net.jini.core.lease.Lease;
import net.jini.core.transaction.NestableTransaction;
import net.jini.core.transaction.TransactionFactory;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.remote.RemoteSettings;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;

/**
 * What {@link ClientKarafIT}'s probe does once {@code estuary-client} is installed: a class of its own, loaded only
 * then, because it names Estuary's types.
 */
final class ClientKarafUses {

    private ClientKarafUses() {
    }

    /**
     * EM and TX across containers: the other container's mailbox keeps an event for this one, which pulls it; a
     * transaction of the other container's manager commits with a participant in this container, which it calls back
     * to vote and to roll forward (TX.2.6, TX.2.8).
     */
    static void mailboxAndTransactionThroughTheOtherContainer(int port) throws Exception {
        // a bundle reads what others' JVMs sent (the generator's RemoteEvent) with its own class loader, as the
        // client README's "Using your own classes" says
        RemoteSettings settings = RemoteSettings.builder().classLoader(ClientKarafUses.class.getClassLoader()).build();
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port, settings)) {
            MailboxPullRegistration registration = client.lookup(PullEventMailbox.class).pullRegister(60_000);
            registration.getListener().notify(new RemoteEvent("client karaf", 3, 7, null));
            RemoteEventIterator events = registration.getRemoteEvents();
            RemoteEvent event = events.next(10_000);
            assertEquals(7, event.getSequenceNumber());
            assertEquals("client karaf", event.getSource());
            assertNull("EM.2: pulled once", events.next(0));
            events.close();
            registration.getLease().cancel();

            List<String> heard = new CopyOnWriteArrayList<>();
            TransactionParticipant participant = client.exportParticipant(new TransactionParticipant() {
                @Override
                public int prepare(TransactionManager mgr, long id) {
                    heard.add("prepare");
                    return TransactionConstants.PREPARED;
                }

                @Override
                public void commit(TransactionManager mgr, long id) {
                    heard.add("commit");
                }

                @Override
                public void abort(TransactionManager mgr, long id) {
                    heard.add("abort");
                }

                @Override
                public int prepareAndCommit(TransactionManager mgr, long id) {
                    heard.add("prepareAndCommit");
                    return TransactionConstants.COMMITTED;
                }
            });
            NestableTransactionManager txns = client.lookup(NestableTransactionManager.class);
            NestableTransaction.Created created = TransactionFactory.create(txns, 60_000);
            ServerTransaction txn = (ServerTransaction) created.transaction;
            txn.join(participant, 1);
            txn.join(participant, 1); // TX.2.3: joining again with the same crash count is a no-op
            txn.commit();
            assertEquals(TransactionConstants.COMMITTED, txn.getState());
            assertEquals("a single participant is asked to prepare and commit at once (TX.2.6)",
                    List.of("prepareAndCommit"), heard);
            client.unexport(participant);
        }
    }

    /** LR.2 across containers: the other container renews a lease this one grants, until it is removed. */
    static void renewThroughTheOtherContainer(int port) throws Exception {
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port);
                SystemClock clock = new SystemClock("client-karaf-landlord")) {
            LeaseRenewalService renewals = client.lookup(LeaseRenewalService.class);
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(2_000, 2_000), 10, (id, r) -> { });
            Landlord landlord = client.export(Landlord.class, table);
            LeaseGrant grant = table.grant("client", 2_000);
            Lease lease = grant.lease(landlord, UUID.randomUUID(), clock);
            long first = table.expiration(grant.leaseId());

            LeaseRenewalSet set = renewals.createLeaseRenewalSet(60_000);
            set.renewFor(lease, 60_000);
            assertTrue("the other container renews the lease, calling back into this one",
                    Processes.await(Duration.ofSeconds(20), () -> {
                        try {
                            return table.expiration(grant.leaseId()) > first; // renewed
                        } catch (Exception gone) {
                            return false;
                        }
                    }));
            assertEquals(lease, set.remove(lease)); // LR.2: returned, not cancelled
            assertNull(set.remove(lease));
            assertTrue(table.expiration(grant.leaseId()) > System.currentTimeMillis());
            set.getRenewalSetLease().cancel();
            client.unexport(table);
            table.close();
        }
    }
}
