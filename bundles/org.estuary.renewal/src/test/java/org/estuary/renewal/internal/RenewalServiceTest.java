package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ServerException;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.lease.LeasePolicy;
import org.estuary.renewal.conformance.TestListener;
import org.junit.jupiter.api.Test;

/** The renewal service's lease policy, its bounds, and recovery of sets and leases from the store. */
class RenewalServiceTest extends HarnessTest {

    @Test
    void item1SetLeasePolicyCapsTheGrant() throws Exception {
        RenewalService service = harness.start(TestSettings.withPolicy(TestSettings.defaults(), new LeasePolicy(1000, 5000)));
        long now = harness.clock.currentTimeMillis();
        assertEquals(now + 5000, service.proxy().createLeaseRenewalSet(Lease.FOREVER).getRenewalSetLease()
                .getExpiration());
        assertEquals(now + 1000, service.proxy().createLeaseRenewalSet(Lease.ANY).getRenewalSetLease()
                .getExpiration());
    }

    @Test
    void item8LimitsNameTheirSetting() throws Exception {
        RenewalService service = harness.start(TestSettings.withLimits(TestSettings.defaults(), 1, 1, 10));
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        ServerException sets = assertThrows(ServerException.class, () -> service.proxy().createLeaseRenewalSet(1));
        assertInstanceOf(LeaseDeniedException.class, sets.detail);
        assertTrue(sets.getMessage().contains("max.sets=1"));
        set.renewFor(landlord.grant(10_000), 60_000);
        ServerException leases = assertThrows(ServerException.class,
                () -> set.renewFor(landlord.grant(10_000), 60_000));
        assertTrue(leases.getMessage().contains("max.leases.per.set=1"));
    }

    @Test
    void item8LeaseThatCannotBeMarshalledIsRefused() throws Exception {
        LeaseRenewalSet set = harness.start().proxy().createLeaseRenewalSet(60_000);
        // its landlord cannot leave the JVM
        Lease local = landlord.table.grant("x", 10_000).lease(landlord.table, landlord.id, harness.clock);
        assertThrows(java.rmi.MarshalException.class, () -> set.renewFor(local, 60_000));
    }

    @Test
    void leasesThatLeaveTheirSetAreNoLongerScheduled() throws Exception {
        // LR.2: a removed lease is never renewed again, and the service keeps nothing of it: not until its next
        // renewal would have been due (an hour here), which under set churn held every removed lease and its
        // landlord's stub for that long
        RenewalService service = harness.start();
        LeaseRenewalSet kept = service.proxy().createLeaseRenewalSet(3_600_000);
        LeaseRenewalSet cancelled = service.proxy().createLeaseRenewalSet(3_600_000);
        Lease removed = landlord.grant(3_600_000);
        kept.renewFor(removed, 3_600_000);
        kept.renewFor(landlord.grant(3_600_000), 3_600_000);
        for (int i = 0; i < 5; i++) {
            cancelled.renewFor(landlord.grant(3_600_000), 3_600_000);
        }
        harness.advance(0);
        assertEquals(7, service.counts()[2], "every client lease scheduled");

        kept.remove(removed);
        assertEquals(6, service.counts()[2], "the removed lease is no longer scheduled");
        cancelled.getRenewalSetLease().cancel();
        assertEquals(1, service.counts()[2], "the cancelled set's leases are no longer scheduled");
        assertEquals(1, service.counts()[1]);
    }

    @Test
    void item7StateSurvivesARestartOnTheSameStore() throws Exception {
        RenewalService first = harness.start();
        LeaseRenewalSet set = first.proxy().createLeaseRenewalSet(3_600_000);
        TestListener failures = new TestListener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, 3_600_000, 10_000);
        Lease expired = landlord.grant(10);
        harness.advance(30_000);
        set.renewFor(expired, 60_000);
        harness.advance(0);
        long firstSeq = failures.events.get(0).getSequenceNumber();
        long renewedTo = landlord.expiration(lease);

        RenewalService second = harness.start(); // a new component over the same store
        assertEquals(first.proxy(), second.proxy(), "same service id");
        Lease[] held = set.getLeases(); // the client's proxy reaches the new component by the service id
        assertEquals(1, held.length);
        assertEquals(renewedTo, held[0].getExpiration(), 1000, "the last recorded renewal");
        harness.advance(30_000);
        assertTrue(landlord.expiration(lease) > harness.clock.currentTimeMillis(), "still renewed");
        set.renewFor(expired, 60_000);
        harness.advance(0);
        assertEquals(2, failures.events.size(), "listener registration survived");
        assertTrue(failures.events.get(1).getSequenceNumber() > firstSeq, "sequence numbers continue");
    }

    @Test
    void item7ASetLeaseRenewalThatCannotBeRecordedIsNotGranted() throws Exception {
        // LR.2: every operation is atomic; a renewal the store did not take must not extend the set
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        Lease setLease = set.getRenewalSetLease();
        service.unbindStore(harness.store());
        assertThrows(java.rmi.RemoteException.class, () -> setLease.renew(3_600_000));
        service.bindStore(harness.store());
        harness.advance(61_000);
        assertThrows(java.rmi.NoSuchObjectException.class, set::getLeases,
                "the set expired at its recorded expiration");
    }

    @Test
    void lr2ADestroyedSetAnswersNoSuchObjectWhateverTheLease() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        set.getRenewalSetLease().cancel();
        // would be refused as unmarshallable
        Lease local = landlord.table.grant("x", 10_000).lease(landlord.table, landlord.id, harness.clock);
        assertThrows(java.rmi.NoSuchObjectException.class, () -> set.renewFor(local, 60_000),
                "also when the lease cannot be copied");
    }

    @Test
    void lr2GetLeasesCarriesTheLeasesItCannotReadAsMarshalledLeases() throws Exception {
        // LR.2 getLeases: returns the leases that can be unmarshalled and throws LeaseUnmarshalException with them,
        // the rest as MarshalledObjects of the leases themselves, and why each could not be read
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
        Lease good = landlord.grant(60_000);
        OtherLease unreadable = new OtherLease(landlord.grant(60_000));
        set.renewFor(good, 3_600_000);
        set.renewFor(unreadable, 3_600_000);
        net.jini.lease.LeaseUnmarshalException thrown;
        OtherLease.failReads(true);
        try {
            thrown = assertThrows(net.jini.lease.LeaseUnmarshalException.class, set::getLeases);
        } finally {
            OtherLease.failReads(false);
        }
        assertEquals(java.util.List.of(good), java.util.List.of(thrown.getLeases()));
        assertEquals(1, thrown.getMarshalledLeases().length);
        assertEquals(1, thrown.getExceptions().length);
        assertInstanceOf(java.io.InvalidObjectException.class, thrown.getExceptions()[0]);
        assertEquals(unreadable, thrown.getMarshalledLeases()[0].get(),
                "the MarshalledObject holds the lease, readable once its classes are");
    }

    @Test
    void lr21AnExpirationWarningSentBeforeARestartIsNotSentAgain() throws Exception {
        // LR.2.1: the warning comes at set expiration - minWarning, once per expiration, also across a restart
        LeaseRenewalSet set = harness.start().proxy().createLeaseRenewalSet(60_000);
        TestListener listener = new TestListener();
        set.setExpirationWarningListener(listener.ref(), 10_000, null);
        harness.advance(51_000);
        assertEquals(1, listener.events.size(), "warned once the warning time came");

        RenewalService restarted = harness.start(); // recovers the set and its listener from the store
        harness.advance(1_000);
        assertEquals(1, listener.events.size(), "LR.2.1: not warned again for the same expiration");

        // a renewal gives the set a new expiration, which is warned of in its turn
        set.getRenewalSetLease().renew(60_000);
        harness.advance(51_000);
        assertEquals(2, listener.events.size(), "warned of the new expiration");
    }
}
