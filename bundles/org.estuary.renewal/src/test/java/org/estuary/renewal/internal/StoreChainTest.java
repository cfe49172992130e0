package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestListener;
import org.estuary.store.api.Store;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Store S8 end to end: memory, then the embedded store (RocksDB), then jdbc (a real PostgreSQL server), changes acknowledged on each, and a
 * restart on the jdbc store keeps all of it.
 */
class StoreChainTest extends HarnessTest {

    private static final long HOUR = 3_600_000L;

    /** The service stops first ({@link HarnessTest}), then these close its stores. */
    @RegisterExtension
    final TestStores embedded = TestStores.embedded();
    @RegisterExtension
    final TestStores jdbcs = TestStores.jdbc();

    @Test
    void item4MemoryThenEmbeddedStoreThenJdbcLosesNothingAndSurvivesARestart() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(HOUR);
        TestListener failures = new TestListener();
        set.setRenewalFailureListener(failures.ref(), null);
        Set<Lease> acknowledged = new HashSet<>();
        acknowledged.add(add(set)); // on memory

        harness.switchTo(embedded.open());
        acknowledged.add(add(set)); // the first change after the switch waits for the copy: on the embedded store

        Store jdbc = jdbcs.open();
        harness.switchTo(jdbc);
        acknowledged.add(add(set)); // on jdbc
        LeaseRenewalSet second = service.proxy().createLeaseRenewalSet(HOUR);
        Lease expired = landlord.grant(10);
        harness.advance(30_000);
        set.renewFor(expired, HOUR); // a failure event, numbered
        harness.advance(0);
        long seq = failures.events.get(0).getSequenceNumber();

        harness.close();
        harness.switchTo(jdbcs.reopen(jdbc)); // the same tables again
        RenewalService restarted = harness.start();
        assertEquals(service.proxy(), restarted.proxy(), "the service id travelled memory, embedded, jdbc");
        List<SetState> sets = restarted.read(SetTable::sets);
        assertEquals(2, sets.size(), "both sets");
        LeaseRenewalSet again = set; // the client's proxy reaches the restarted service by its id
        assertEquals(acknowledged, new HashSet<>(List.of(again.getLeases())), "every acknowledged lease");
        Lease expiredToo = landlord.grant(10);
        harness.advance(30_000);
        again.renewFor(expiredToo, HOUR);
        harness.advance(0);
        assertEquals(2, failures.events.size(), "the registration reached jdbc too");
        assertTrue(failures.events.get(1).getSequenceNumber() > seq, "sequence numbers continue");
        assertTrue(second.getRenewalSetLease().getExpiration() > harness.clock.currentTimeMillis());
    }

    private Lease add(LeaseRenewalSet set) throws Exception {
        Lease lease = landlord.grant(TimeUnit.HOURS.toMillis(2));
        set.renewFor(lease, HOUR);
        return lease;
    }
}
