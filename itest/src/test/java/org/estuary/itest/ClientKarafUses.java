package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.Landlord;
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

    /** LR.2 across containers: the other container renews a lease this one grants, until it is removed. */
    static void renewThroughTheOtherContainer(int port) throws Exception {
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port);
                SystemClock clock = new SystemClock("client-karaf-landlord")) {
            LeaseRenewalService renewals = client.lookup(LeaseRenewalService.class);
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(2_000, 2_000), 10, (id, r) -> { });
            Landlord landlord = client.export(Landlord.class, table);
            LeaseGrant grant = table.grant("client", 2_000);
            Lease lease = LandlordLease.create(landlord, UUID.randomUUID(), grant, clock);
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
