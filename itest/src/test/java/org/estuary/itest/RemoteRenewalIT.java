package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.rmi.NoSuchObjectException;
import java.time.Duration;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * The lease renewal service used from another JVM (this test's) through org.estuary.client against the distribution
 * started as an operator starts it: the client's own landlord is exported for the service to call back.
 */
public class RemoteRenewalIT {

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class);

    @Test
    public void aRemoteClientsLeaseIsRenewedByTheContainerUntilRemoved() throws Exception {
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", KARAF.get().registryPort);
                SystemClock clock = new SystemClock("client-landlord")) {
            LeaseRenewalService renewals = client.lookup(LeaseRenewalService.class);
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(2_000, 2_000), 10, (id, r) -> { });
            Landlord landlord = client.export(Landlord.class, table);
            LeaseGrant grant = table.grant("client", 2_000);
            Lease lease = grant.lease(landlord, UUID.randomUUID(), clock);
            long first = table.expiration(grant.leaseId());

            // LR.2: the set's lease is granted no longer than asked
            LeaseRenewalSet set = renewals.createLeaseRenewalSet(60_000);
            assertTrue(set.getRenewalSetLease().getExpiration() <= System.currentTimeMillis() + 60_000 + 1_000);
            set.renewFor(lease, 60_000);
            KARAF.get().await("the container renewing the client's lease", Duration.ofSeconds(20), () -> {
                try {
                    return table.expiration(grant.leaseId()) > first; // renewed
                } catch (Exception gone) {
                    return false;
                }
            });
            // LR.2: remove returns the lease (equal to the one given) and does not cancel it
            assertEquals(lease, set.remove(lease));
            assertNull(set.remove(lease));
            assertTrue(table.expiration(grant.leaseId()) > System.currentTimeMillis());

            // LR.2: a cancelled set is destroyed; every operation on its proxy throws NoSuchObjectException
            set.getRenewalSetLease().cancel();
            try {
                set.renewFor(lease, 60_000);
                fail("a destroyed set accepted a lease");
            } catch (NoSuchObjectException expected) {
                // LR.2
            }
            client.unexport(table);
            table.close();
        }
    }
}
