package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.junit.jupiter.api.Test;

/** The lease record's layout (renewal README, "Store records"): the marshalled lease once, in its compact form. */
class LeaseRecordLayoutTest extends HarnessTest {

    @Test
    void lr2ALeaseRecordReadsBackWithItsFieldsAndRecordedForm() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        harness.advance(0);
        Records records = new Records(harness.marshaller);
        Map<String, ClientEntry> read = new HashMap<>();
        harness.store().scan(Records.LEASES, (key, value) -> {
            try {
                read.put(key, records.decodeLease(Long.parseLong(key), value, harness.clock));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(1, read.size());
        ClientEntry entry = read.values().iterator().next();
        byte[] again = records.encodeLease(entry.setId, harness.clock.wallTimeOfDeadline(entry.desiredAt), entry.renewDuration, entry.actual,
                entry.held);
        ClientEntry twice = records.decodeLease(entry.key, again, harness.clock);
        assertEquals(entry.setId, twice.setId);
        assertEquals(entry.desiredAt, twice.desiredAt);
        assertEquals(entry.actualAt, twice.actualAt);
        assertEquals(entry.renewDuration, twice.renewDuration);
        assertEquals(entry.actual, twice.actual);
        assertEquals(entry.held, twice.held);
        assertEquals(set.getLeases()[0], twice.held.get());
    }
}
