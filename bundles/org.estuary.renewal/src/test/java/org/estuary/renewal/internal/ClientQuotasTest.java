package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ServerException;
import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.junit.jupiter.api.Test;

/**
 * Per-client quotas: one client (the address its calls come from) cannot take all of {@code max.sets} or
 * {@code max.leases}. A refusal is LR.2's denial, a {@code LeaseDeniedException} (in a {@code ServerException}, as
 * {@code createLeaseRenewalSet} declares only {@code RemoteException}) naming the limit; what the client gives back
 * it may take again, and other clients and this JVM's own callers are not held to its count.
 */
class ClientQuotasTest extends HarnessTest {

    private static final long HOUR = 3_600_000;

    private final AtomicReference<String> caller = new AtomicReference<>();

    private LeaseRenewalService start(int sets, int leases) throws Exception {
        harness.callersFrom(caller::get);
        return harness.start(TestSettings.withClientQuotas(TestSettings.defaults(), sets, leases)).proxy();
    }

    @Test
    void lr2AClientHoldsAtMostItsQuotaOfSetsAndOthersAreStillServed() throws Exception {
        LeaseRenewalService service = start(2, 100);
        caller.set("127.0.0.3");
        LeaseRenewalSet first = service.createLeaseRenewalSet(HOUR);
        service.createLeaseRenewalSet(HOUR);
        ServerException refused = assertThrows(ServerException.class, () -> service.createLeaseRenewalSet(HOUR));
        assertInstanceOf(LeaseDeniedException.class, refused.getCause(), "LR.2: a denial");
        assertTrue(refused.getMessage().contains("client 127.0.0.3 already holds 2 renewal sets: "
                + "max.sets.per.client=2 reached"), refused.getMessage());

        caller.set("127.0.0.1");
        service.createLeaseRenewalSet(HOUR); // another client is served
        caller.set(null);
        for (int i = 0; i < 3; i++) {
            service.createLeaseRenewalSet(HOUR); // calls from this JVM are not counted
        }

        caller.set("127.0.0.3");
        first.getRenewalSetLease().cancel();
        service.createLeaseRenewalSet(HOUR); // a set given back may be taken again
    }

    @Test
    void lr2TheSetsOfAClientHoldAtMostItsQuotaOfLeases() throws Exception {
        LeaseRenewalService service = start(10, 2);
        caller.set("127.0.0.3");
        LeaseRenewalSet one = service.createLeaseRenewalSet(HOUR);
        LeaseRenewalSet two = service.createLeaseRenewalSet(HOUR);
        Lease a = landlord.grant(HOUR);
        one.renewFor(a, HOUR);
        two.renewFor(landlord.grant(HOUR), HOUR);
        caller.set("127.0.0.1"); // counted against the set's client, whoever adds the lease
        ServerException refused = assertThrows(ServerException.class,
                () -> one.renewFor(landlord.grant(HOUR), HOUR));
        assertInstanceOf(LeaseDeniedException.class, refused.getCause());
        assertTrue(refused.getMessage().contains("the sets of client 127.0.0.3 already hold 2 client leases: "
                + "max.leases.per.client=2 reached"), refused.getMessage());
        assertEquals(1, one.getLeases().length, "LR.2: a refused lease is not added");

        one.renewFor(a, 2 * HOUR); // a lease already in the set changes its durations: nothing more is held
        one.remove(a);
        one.renewFor(landlord.grant(HOUR), HOUR); // a lease removed may be replaced
        caller.set("127.0.0.1");
        LeaseRenewalSet others = service.createLeaseRenewalSet(HOUR);
        others.renewFor(landlord.grant(HOUR), HOUR); // another client has a quota of its own
        others.renewFor(landlord.grant(HOUR), HOUR);
        assertEquals(2, others.getLeases().length);
    }
}
