package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.junit.jupiter.api.Test;

/** The results of one renewal round reach the store as one batch, and clients see them after. */
class RenewalRoundTest extends HarnessTest {

    private static final int LEASES = 10;


    @Test
    void lr2OneRenewalRoundOfManyLeasesIsOneStoreCommit() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        List<Lease> leases = new ArrayList<>();
        for (int i = 0; i < LEASES; i++) {
            Lease lease = landlord.grant(10_000);
            set.renewFor(lease, 3_600_000, 10_000);
            leases.add(lease);
        }
        harness.advance(0); // the first renewals, right after admission
        long commits = harness.store().stats().commits();
        harness.flush();
        long flushCommits = harness.store().stats().commits() - commits;
        int batchesBefore = landlord.renewAllCalls.get();

        commits = harness.store().stats().commits();
        harness.advance(6_000); // every lease is due 5 s before its 10 s run out: one round, one renewAll
        long roundCommits = harness.store().stats().commits() - commits - flushCommits;

        assertEquals(1, landlord.renewAllCalls.get() - batchesBefore, "one LeaseMap.renewAll for the round");
        assertEquals(1, roundCommits, "LR.2: the " + LEASES + " renewal results are recorded in one store batch");
        long now = harness.clock.currentTimeMillis();
        for (Lease lease : leases) {
            assertTrue(landlord.expiration(lease) >= now + 10_000 - 1_000, "renewed at the landlord");
        }
        for (Lease shown : set.getLeases()) {
            assertEquals(landlord.expiration(shown), shown.getExpiration(),
                    "LR.2: getLeases shows the renewal recorded by the round's batch");
        }
    }
}
