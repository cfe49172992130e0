package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;


import java.util.List;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.io.Marshalled;
import org.estuary.lease.client.LandlordLease;
import org.junit.jupiter.api.Test;

/**
 * LR.2: leases are shown to clients as last recorded. Estuary's own leases are held once (the store's record) and
 * their recorded form derived from the live copy with the recorded expiration ({@link RecordedForm}); leases of
 * other classes keep their recorded form. Both must show the same thing.
 */
class RecordedFormTest extends HarnessTest {

    private Marshalled<Lease> absolute(Lease lease) throws Exception {
        lease.setSerialFormat(Lease.ABSOLUTE);
        return harness.marshaller.marshalled(lease);
    }

    @Test
    void lr2AnEstuaryLeaseReadsBackFromItsDerivedFormWithTheRecordedExpiration() throws Exception {
        LandlordLease lease = landlord.grant(10_000);
        Marshalled<Lease> form = absolute(lease);
        assertTrue(RecordedForm.derivable(lease, form), "an ABSOLUTE LandlordLease ends with its expiration");

        long recorded = lease.getExpiration() - 7_000;
        Lease shown = harness.marshaller.unmarshal(RecordedForm.withExpiration(form, recorded, harness.marshaller));

        assertEquals(lease, shown, "the same lease");
        assertEquals(recorded, shown.getExpiration(), "with the recorded expiration");
        assertEquals(form, RecordedForm.withExpiration(form, lease.getExpiration(), harness.marshaller),
                "its own expiration gives its own form back");
    }

    @Test
    void lr2OnlyAnAbsoluteEstuaryLeaseIsDerived() throws Exception {
        LandlordLease lease = landlord.grant(10_000);
        Marshalled<Lease> durationForm = harness.marshaller.marshalled(lease);
        assertFalse(RecordedForm.derivable(lease, durationForm), "DURATION format: the trailer is a duration");
        OtherLease other = new OtherLease(landlord.grant(10_000));
        assertFalse(RecordedForm.derivable(other, absolute(other)),
                "another class, although its form happens to end with a LandlordLease's expiration");
    }

    @Test
    void anEstuaryLeaseIsHeldSeriallyOnlyByTheStore() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        set.renewFor(new OtherLease(landlord.grant(10_000)), 3_600_000, 10_000);
        harness.advance(0);
        for (ClientEntry entry : service.read(table -> List.copyOf(table.sets().get(0).entries.values()))) {
            if (entry.live instanceof LandlordLease) {
                assertNull(entry.held, "derived from the live copy, not held");
            } else {
                assertNotNull(entry.held, "another class keeps its recorded form");
            }
        }
    }

    @Test
    void lr2BothKindsAreShownAsLastRecordedAcrossRenewalsAndARestart() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        LandlordLease own = landlord.grant(10_000);
        LandlordLease inner = landlord.grant(10_000);
        OtherLease other = new OtherLease(inner);
        set.renewFor(own, 3_600_000, 10_000);
        set.renewFor(other, 3_600_000, 10_000);
        long original = own.getExpiration();
        for (int step = 0; step < 6; step++) {
            harness.advance(5_000);
        }
        assertTrue(landlord.expiration(own) > original, "renewed");
        assertShown(set, own, landlord.expiration(own), other, landlord.expiration(inner));

        harness.start(); // the client's proxy reaches the restarted service by its id
        assertShown(set, own, landlord.expiration(own), other, landlord.expiration(inner));
    }

    private static void assertShown(LeaseRenewalSet set, Lease own, long ownExpiration, Lease other,
            long otherExpiration) throws Exception {
        Lease[] shown = set.getLeases();
        assertEquals(2, shown.length);
        for (Lease lease : shown) {
            if (lease.equals(own)) {
                assertEquals(ownExpiration, lease.getExpiration(), "LR.2: Estuary lease as last recorded");
            } else {
                assertEquals(other, lease);
                assertEquals(otherExpiration, lease.getExpiration(), "LR.2: other lease as last recorded");
            }
        }
    }
}
