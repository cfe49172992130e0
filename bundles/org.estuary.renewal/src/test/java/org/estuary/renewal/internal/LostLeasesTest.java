package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.io.testing.LogCapture;
import org.estuary.management.Ids;
import org.estuary.management.ServiceView;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.conformance.TestLandlord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2.1: a client lease dropped because it could not be renewed is a failure whether or not its set has a listener:
 * counted in {@code leases.lost}, logged as one summary line per set (not one per lease), and shown on the console
 * page's summary line.
 */
class LostLeasesTest extends HarnessTest {

    private LogCapture log;
    private List<String> warnings;
    private final TestLandlord refusing = new TestLandlord(harness.clock);

    @BeforeEach
    void captureLog() {
        log = LogCapture.warnings(LostLeases.class.getName());
        warnings = log.messages();
    }

    @AfterEach
    void releaseLog() {
        log.close();
        refusing.close();
    }

    @Test
    void lr21LeasesThatExpireUnrenewedAreCountedLoggedOncePerSetAndShown() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet gone = service.proxy().createLeaseRenewalSet(3_600_000); // no listener: lost all the same
        LeaseRenewalSet refused = service.proxy().createLeaseRenewalSet(3_600_000);
        LeaseRenewalSet kept = service.proxy().createLeaseRenewalSet(3_600_000);
        for (int i = 0; i < 50; i++) {
            gone.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        }
        Lease cancelled = refusing.grant(10_000);
        refused.renewFor(cancelled, 3_600_000, 10_000);
        refusing.table.cancel(((org.estuary.lease.client.LandlordLease) cancelled).leaseId()); // definite refusal
        kept.renewFor(refusing.grant(10_000), 3_600_000, 10_000);
        RenewalAdmin admin = new AdminView(service);
        ServiceView view = RenewalView.of(admin);

        landlord.unreachable = true; // the client exited: its landlord answers no more (an indefinite failure)
        for (int second = 0; second < 30; second++) {
            harness.advance(1_000); // past the leases' expiration: retried, then dropped
        }
        assertEquals(0, gone.getLeases().length, "the unreachable landlord's leases expired unrenewed");
        assertEquals(0, refused.getLeases().length, "the refused lease left its set");
        assertEquals(1, kept.getLeases().length, "a renewable lease stays");
        assertEquals(51, admin.metrics().get("leases.lost"));
        assertEquals(1, admin.metrics().get("renewal.failures"), "one definite failure among them");

        assertEquals(2, warnings.size(), "one line per set that lost leases, not one per lease: " + warnings);
        String goneLine = line(setId(gone));
        assertTrue(goneLine.contains("lost 50 client leases: they could not be renewed"), goneLine);
        assertTrue(goneLine.contains("ConnectException"), "names the last failure: " + goneLine);
        assertTrue(goneLine.contains("LandlordLease[landlord=" + landlord.id), "names a lease: " + goneLine);
        String refusedLine = line(setId(refused));
        assertTrue(refusedLine.contains("lost 1 client lease: they"), refusedLine);
        assertTrue(refusedLine.contains("UnknownLeaseException"), refusedLine);

        assertEquals("3 renewal sets, 1 client lease; 51 client leases lost: could not be renewed", summary(view),
                "the console page says so");

        // A later loss is logged in a summary of its own.
        Lease later = landlord.grant(10_000);
        landlord.unreachable = false;
        gone.renewFor(later, 3_600_000, 10_000);
        landlord.unreachable = true;
        for (int second = 0; second < 30; second++) {
            harness.advance(1_000);
        }
        assertEquals(52, admin.metrics().get("leases.lost"));
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.get(2).startsWith("renewal set " + Ids.format(setId(gone)) + " lost 1 client lease: "),
                warnings.get(2));
    }

    @Test
    void lr21ASummaryNamesTenSetsAndCountsTheRest() throws Exception {
        RenewalService service = harness.start();
        for (int s = 0; s < LostLeases.MAX_SETS + 3; s++) {
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
            set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
            set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        }
        landlord.unreachable = true;
        for (int second = 0; second < 30; second++) {
            harness.advance(1_000);
        }
        assertEquals(LostLeases.MAX_SETS + 1, warnings.size(), warnings.toString());
        assertEquals("3 more renewal sets lost 6 client leases: they could not be renewed",
                warnings.get(LostLeases.MAX_SETS));
    }

    @Test
    void lr2LeasesRemovedOrReachingTheirDesiredExpirationAreNotLost() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(3_600_000);
        Lease removed = landlord.grant(10_000);
        set.renewFor(removed, 3_600_000, 10_000);
        set.renewFor(landlord.grant(60_000), 5_000, 10_000); // desired expiration before the actual one
        set.remove(removed);
        for (int second = 0; second < 30; second++) {
            harness.advance(1_000);
        }
        assertEquals(0, set.getLeases().length);
        assertEquals(0, new AdminView(service).metrics().get("leases.lost"));
        assertEquals(List.of(), warnings);
    }

    @SuppressWarnings("unchecked")
    private static String summary(ServiceView view) {
        org.estuary.management.Table<Object> sets = (org.estuary.management.Table<Object>) view.main();
        return sets.summary().of(null, sets.read(null, 0, 10, null));
    }

    private static long setId(LeaseRenewalSet set) {
        return ((org.estuary.renewal.proxy.SetProxy) set).setId();
    }

    private String line(long setId) {
        String prefix = "renewal set " + Ids.format(setId) + " ";
        return warnings.stream().filter(line -> line.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line for set " + setId + ": " + warnings));
    }
}
