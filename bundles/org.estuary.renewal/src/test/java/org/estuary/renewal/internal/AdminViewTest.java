package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;
import org.estuary.renewal.conformance.TestListener;
import org.junit.jupiter.api.Test;

/** The renewal service's management view: paging, the set and lease columns, the actions. */
class AdminViewTest extends HarnessTest {

    @Test
    void item1SetsPageInIdOrderWithoutGaps() throws Exception {
        RenewalService service = harness.start();
        for (int i = 0; i < 25; i++) {
            service.proxy().createLeaseRenewalSet(60_000);
        }
        RenewalAdmin admin = new AdminView(service);
        assertEquals(25, admin.setCount());
        List<Long> seen = new ArrayList<>();
        for (long offset = 0; ; offset += 10) {
            Page<SetInfo> page = admin.sets(offset, 10);
            assertEquals(25, page.total());
            page.items().forEach(set -> seen.add(set.setId()));
            if (!page.hasMore()) {
                assertEquals(5, page.items().size());
                break;
            }
        }
        assertEquals(25, seen.size());
        assertEquals(seen.stream().sorted().toList(), seen, "ascending ids, each once");
        Page<SetInfo> afterTenth = admin.setsAfter(seen.get(9), 10, 10);
        assertEquals(seen.subList(10, 20), afterTenth.items().stream().map(SetInfo::setId).toList(),
                "the page after a set id is the next one by position too");
        assertEquals(10, afterTenth.offset());
        assertTrue(admin.sets(25, 10).items().isEmpty(), "past the end: empty, not an error");
        assertTrue(admin.sets(1_000_000, 10).items().isEmpty());
    }

    @Test
    void item1BadPagesAreRefused() throws Exception {
        RenewalAdmin admin = new AdminView(harness.start());
        assertThrows(IllegalArgumentException.class, () -> admin.sets(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> admin.sets(0, 0));
        assertThrows(IllegalArgumentException.class, () -> admin.sets(0, RenewalAdmin.MAX_PAGE + 1));
        assertThrows(IllegalArgumentException.class, () -> admin.leases(1, -5, 10));
        assertThrows(IllegalArgumentException.class, () -> admin.leases(1, 0, -1));
        assertEquals(0, admin.leases(424242, 0, 10).total(), "unknown set: empty page");
        assertTrue(admin.set(424242).isEmpty());
    }

    @Test
    void item1SetShowsExpirationLeaseCountAndListeners() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        set.renewFor(landlord.grant(10_000), 120_000);
        set.renewFor(landlord.grant(10_000), 120_000);
        TestListener listener = new TestListener();
        set.setExpirationWarningListener(listener.ref(), 5_000, null);
        RenewalAdmin admin = new AdminView(service);
        SetInfo info = admin.sets(0, 10).items().get(0);
        assertEquals(set.getRenewalSetLease().getExpiration(), info.expiration());
        assertEquals(2, info.leases());
        assertNotNull(info.warningListener());
        assertEquals(5_000, info.minWarningMillis());
        assertNull(info.failureListener());
        assertEquals(info, admin.set(info.setId()).orElseThrow());
        assertEquals(2, admin.leaseCount());
    }

    @Test
    void item1LeaseShowsDesiredActualRenewDurationAndLastFailure() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
        long now = harness.clock.currentTimeMillis();
        Lease lease = landlord.grant(60_000);
        set.renewFor(lease, 600_000, 60_000);
        harness.advance(0); // the first look at a new lease renews it
        RenewalAdmin admin = new AdminView(service);
        long setId = admin.sets(0, 1).items().get(0).setId();
        LeaseInfo info = admin.leases(setId, 0, 10).items().get(0);
        assertEquals(now + 600_000, info.desiredExpiration());
        assertEquals(lease.getExpiration(), info.actualExpiration());
        assertEquals(60_000, info.renewDuration());
        assertNull(info.lastFailure());

        landlord.unreachable = true; // LR.2: an indefinite failure is retried and shown meanwhile
        harness.advance(31_000); // renewal due 30 s before the lease ends (renewal.lead.ms) // renewal due 30 s before the lease ends (renewal.lead.ms)
        LeaseInfo failing = admin.leases(setId, 0, 10).items().get(0);
        assertNotNull(failing.lastFailure(), "the indefinite failure is shown");
        landlord.unreachable = false;
        for (int i = 0; i < 8; i++) {
            harness.advance(1_000); // the retry back-off runs out
        }
        LeaseInfo renewed = admin.leases(setId, 0, 10).items().get(0);
        assertNull(renewed.lastFailure(), "cleared by the next success");
        java.util.Map<String, Long> metrics = admin.metrics();
        assertTrue(metrics.get("renewals") >= 1, metrics.toString());
        assertTrue(metrics.get("renewal.retries") >= 1, metrics.toString());
        assertTrue(metrics.get("store.writes") >= 2, metrics.toString());
        assertTrue(metrics.get("operations") >= 2, metrics.toString());
        assertTrue(renewed.actualExpiration() > info.actualExpiration(), "actual expiration moved on");
    }

    @Test
    void item1LeasesPageInKeyOrder() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
        for (int i = 0; i < 30; i++) {
            set.renewFor(landlord.grant(60_000), 120_000);
        }
        RenewalAdmin admin = new AdminView(service);
        long setId = admin.sets(0, 1).items().get(0).setId();
        Page<LeaseInfo> second = admin.leases(setId, 20, 20);
        assertEquals(30, second.total());
        assertEquals(10, second.items().size());
        assertFalse(second.hasMore());
        List<Long> keys = new ArrayList<>();
        admin.leases(setId, 0, 30).items().forEach(l -> keys.add(l.key()));
        assertEquals(keys.stream().sorted().toList(), keys);
        assertEquals(keys.get(20), second.items().get(0).key());
    }

    @Test
    void item1CancelSetDestroysItDurably() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, 120_000);
        RenewalAdmin admin = new AdminView(service);
        long setId = admin.sets(0, 1).items().get(0).setId();
        assertTrue(admin.cancelSet(setId));
        assertFalse(admin.cancelSet(setId), "second time: no such set");
        assertEquals(0, admin.setCount());
        assertEquals(0, admin.leaseCount());
        assertThrows(NoSuchObjectException.class, set::getLeases); // LR.2: the set is gone for its holder too
        assertTrue(landlord.expiration(lease) > 0, "LR.2: client leases are not cancelled with the set");
        assertEquals(0, new AdminView(harness.start()).setCount(), "gone after a restart");
    }

    @Test
    void item1RemoveLeaseTakesItOutWithoutCancelling() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
        TestListener failures = new TestListener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease kept = landlord.grant(10_000);
        Lease removed = landlord.grant(10_000);
        set.renewFor(kept, 120_000);
        set.renewFor(removed, 120_000);
        RenewalAdmin admin = new AdminView(service);
        long setId = admin.sets(0, 1).items().get(0).setId();
        long key = admin.leases(setId, 0, 10).items().get(1).key();
        assertFalse(admin.removeLease(setId + 1, key), "wrong set");
        assertTrue(admin.removeLease(setId, key));
        assertFalse(admin.removeLease(setId, key), "already removed");
        assertEquals(1, set.getLeases().length);
        assertEquals(kept, set.getLeases()[0]);
        assertTrue(landlord.expiration(removed) > 0, "not cancelled");
        harness.advance(0);
        assertTrue(failures.events.isEmpty(), "LR.2: removal sends no event");
        RenewalAdmin restarted = new AdminView(harness.start());
        assertEquals(1, restarted.leaseCount(), "durable");
    }

    @Test
    void item3IdsAreUnsignedTextAndBadTextIsRefused() {
        assertEquals("18446744073709551615", Ids.format(-1));
        assertEquals(-1, Ids.parse("18446744073709551615"));
        assertEquals(-1, Ids.parse("-1"), "the signed decimal of the same 64 bits");
        assertEquals(42, Ids.parse(" 42 "));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse("abc"));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse(""));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse(null));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse("18446744073709551616"));
    }
}
