package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestListener;
import org.estuary.store.api.Batch;
import org.junit.jupiter.api.Test;

/**
 * The lease record's layout (renewal README, "Store records"): version 2 writes the marshalled lease once in its
 * compact form; a store written with version 1 (the lease's {@code Marshalled} serialized inside the record) must
 * still recover every lease (issue 6 item 7: an acknowledged change survives, here an upgrade of the bundle).
 */
class LeaseRecordLayoutTest extends HarnessTest {

    /** A version 1 lease record, as the bundle wrote it before the compact form. */
    private byte[] versionOne(ClientEntry entry) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(1);
        out.writeLong(entry.setId);
        out.writeLong(entry.desired);
        out.writeLong(entry.renewDuration);
        out.writeLong(entry.actual);
        byte[] lease = harness.marshaller.marshal(entry.held);
        out.writeInt(lease.length);
        out.write(lease);
        out.flush();
        return bytes.toByteArray();
    }

    /** Rewrites every lease record of the store in the version 1 layout; returns the old and new sizes. */
    private int[] rewriteAsVersionOne(RenewalService service) throws Exception {
        Records records = service.records();
        Map<String, byte[]> rewritten = new HashMap<>();
        int[] sizes = new int[2];
        harness.store.scan(Records.LEASES, (key, value) -> {
            try {
                ClientEntry entry = records.decodeLease(Long.parseLong(key), value);
                byte[] old = versionOne(entry);
                sizes[0] += old.length;
                sizes[1] += value.length;
                rewritten.put(key, old);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Batch.Builder batch = Batch.builder();
        rewritten.forEach((key, value) -> batch.put(Records.LEASES, key, value));
        harness.store.applyAndWait(batch.build(), 10, TimeUnit.SECONDS);
        return sizes;
    }

    @Test
    void item7AStoreOfVersionOneLeaseRecordsRecoversEveryLeaseAsRecorded() throws Exception {
        RenewalService first = harness.start();
        LeaseRenewalSet set = first.proxy().createLeaseRenewalSet(Lease.FOREVER);
        TestListener failures = new TestListener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, 3_600_000, 10_000);
        harness.advance(0);
        Lease shown = set.getLeases()[0];
        int[] sizes = rewriteAsVersionOne(first);
        assertTrue(sizes[1] < sizes[0], "the compact record is smaller: " + sizes[1] + " vs " + sizes[0] + " B");

        RenewalService second = harness.start(); // the upgraded bundle reading the old store
        harness.advance(0);

        LeaseRenewalSet again = second.proxyOf(second.setsForTest().get(0));
        Lease[] recovered = again.getLeases();
        assertEquals(1, recovered.length, "still in the set");
        assertEquals(shown, recovered[0], "LR.2: the lease as last recorded");
        assertEquals(shown.getExpiration(), recovered[0].getExpiration(), "LR.2: the recorded expiration");
        harness.advance(30_000);
        assertTrue(landlord.expiration(lease) > harness.clock.currentTimeMillis(), "and kept renewed");
        assertEquals(0, failures.events.size(), "LR.2.1: no failure event");
    }

    @Test
    void lr2ALeaseRecordReadsBackWithItsFieldsAndRecordedForm() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        harness.advance(0);
        Records records = service.records();
        Map<String, ClientEntry> read = new HashMap<>();
        harness.store.scan(Records.LEASES, (key, value) -> {
            try {
                read.put(key, records.decodeLease(Long.parseLong(key), value));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(1, read.size());
        ClientEntry entry = read.values().iterator().next();
        byte[] again = records.encodeLease(entry.setId, entry.desired, entry.renewDuration, entry.actual,
                entry.held);
        ClientEntry twice = records.decodeLease(entry.key, again);
        assertEquals(entry.setId, twice.setId);
        assertEquals(entry.desired, twice.desired);
        assertEquals(entry.renewDuration, twice.renewDuration);
        assertEquals(entry.actual, twice.actual);
        assertEquals(entry.held, twice.held);
        assertEquals(set.getLeases()[0], twice.held.get());
    }
}
