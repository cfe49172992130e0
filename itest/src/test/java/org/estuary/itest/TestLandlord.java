package org.estuary.itest;

import java.util.UUID;

import net.jini.core.lease.Lease;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;

/**
 * A lease grantor in this JVM, exported through a client so that a container's renewal service renews its leases
 * over the network: client leases for renewal sets, granted for at most {@code maxDuration}.
 */
final class TestLandlord implements AutoCloseable {

    private final SystemClock clock = new SystemClock("test-landlord");
    private final LeaseTable<String> table;
    private final Landlord landlord;
    private final UUID id = UUID.randomUUID();

    TestLandlord(EstuaryClient client, long maxDuration) throws Exception {
        table = new LeaseTable<>(clock, new LeasePolicy(maxDuration, maxDuration), 1_000_000, (lease, r) -> { });
        landlord = client.export(Landlord.class, table);
    }

    /** A new lease of {@code duration} (at most the maximum) as its holder sees it. */
    Lease lease(long duration) throws Exception {
        return table.grant("test", duration).lease(landlord, id, clock);
    }

    /** The expiration this landlord holds for {@code lease} now (renewals move it), in this JVM's clock. */
    long expiration(Lease lease) throws Exception {
        return table.expiration(((LandlordLease) lease).leaseId());
    }

    /** Forgets {@code lease} (its holder is done with it). */
    void remove(Lease lease) {
        table.remove(((LandlordLease) lease).leaseId());
    }

    @Override
    public void close() {
        table.close();
        clock.close();
    }
}
