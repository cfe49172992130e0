package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.UUID;

import javax.inject.Inject;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The lease renewal service in the booted distribution, used from another bundle (the probe) as a client would:
 * the probe grants a short lease from its own landlord (exported over RMI on loopback, so the lease is
 * serializable), hands it to a renewal set, and sees the service renew it on real time.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RenewalServiceIT {

    @Inject
    private LeaseRenewalService renewals;

    @Configuration
    public Option[] configuration() {
        return KarafOptions.distribution(getClass());
    }

    @Test
    public void aSetKeepsAClientLeaseRenewedUntilItIsRemoved() throws Exception {
        try (SystemClock clock = new SystemClock("itest-landlord")) {
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(2_000, 2_000), 10, (id, r) -> { });
            Landlord stub = (Landlord) UnicastRemoteObject.exportObject(table, 0, null, new Loopback());
            try {
                LeaseGrant grant = table.grant("client", 2_000);
                Lease lease = grant.lease(stub, UUID.randomUUID(), clock);
                long first = table.expiration(grant.leaseId());

                LeaseRenewalSet set = renewals.createLeaseRenewalSet(60_000);
                // LR.2: renewFor(lease, desired) keeps the lease renewed until its desired expiration
                set.renewFor(lease, 60_000);
                boolean renewed = Processes.await(Duration.ofSeconds(20), () -> {
                    try {
                        return table.expiration(grant.leaseId()) > first; // renewed
                    } catch (Exception gone) {
                        return false;
                    }
                });
                assertTrue("the service renewed the client lease before it expired", renewed);

                // LR.2: remove returns the lease and does not cancel it
                Lease removed = set.remove(lease);
                assertEquals(lease, removed);
                assertNotEquals(0, table.expiration(grant.leaseId()));
                assertNull("a lease no longer in the set", set.remove(lease));
                set.getRenewalSetLease().cancel();
            } finally {
                UnicastRemoteObject.unexportObject(table, true);
                table.close();
            }
        }
    }
}
