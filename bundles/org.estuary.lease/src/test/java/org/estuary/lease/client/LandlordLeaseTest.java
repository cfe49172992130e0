package org.estuary.lease.client;

import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.RecordingListener;
import org.estuary.lease.ScriptedLandlord;
import org.estuary.lease.TestClocks;
import org.junit.jupiter.api.Test;

class LandlordLeaseTest {

    private final ManualClock clock = TestClocks.manual();
    private final RecordingListener<String> ends = new RecordingListener<>(clock);
    private final LeaseTable<String> table =
            new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 100, ends);
    private final ScriptedLandlord landlord = new ScriptedLandlord(table);
    private final UUID landlordId = UUID.randomUUID();

    private LandlordLease grant(long duration) throws Exception {
        LeaseGrant grant = table.grant("r", duration);
        return grant.lease(landlord, landlordId, clock);
    }

    @Test
    void renewCountsTheTermFromTheTimeTheRequestWasSent() throws Exception {
        // LE.2.3: "based on ... the time at which the lease holder requested the lease", not when it got the answer
        LandlordLease lease = grant(10_000);
        assertEquals(TestClocks.START + 10_000, lease.getExpiration());
        advance(clock, 5_000);
        long sent = clock.currentTimeMillis();
        landlord.duringCall = () -> advance(clock, 2_000); // the round trip
        lease.renew(20_000);
        assertEquals(sent + 20_000, lease.getExpiration());
        // The request reached the grantor 2 s after it was sent: the holder's view is the earlier, safe one.
        assertEquals(sent + 2_000 + 20_000, table.expiration(lease.leaseId()));
    }

    @Test
    void renewGrantsAreReflectedAndFailuresLeaveTheLeaseIntact() throws Exception {
        // LE.2.2: a granted renewal shows in the lease; a failed one leaves the previous expiration
        LandlordLease lease = grant(10_000);
        lease.renew(Lease.FOREVER);
        assertEquals(TestClocks.START + 60_000, lease.getExpiration(), "capped at the grantor's maximum");
        landlord.failNext(new ConnectException("network down"));
        assertThrows(ConnectException.class, () -> lease.renew(1_000));
        assertEquals(TestClocks.START + 60_000, lease.getExpiration());
        assertThrows(IllegalArgumentException.class, () -> lease.renew(0));
        assertEquals(TestClocks.START + 60_000, lease.getExpiration());
    }

    @Test
    void foreverGrantGivesForeverExpiration() throws Exception {
        // LE.2.2: FOREVER is Long.MAX_VALUE; adding it to the clock must not overflow
        LeaseTable<String> unlimited = new LeaseTable<>(clock, new LeasePolicy(1_000, Lease.FOREVER), 10, ends);
        LandlordLease lease = unlimited.grant("r", 1_000).lease(unlimited, landlordId, clock);
        lease.renew(Lease.FOREVER);
        assertEquals(Lease.FOREVER, lease.getExpiration());
        lease.renew(Long.MAX_VALUE - 10);
        assertEquals(Lease.FOREVER, lease.getExpiration(), "saturates");
    }

    @Test
    void cancelAndUnknownLeases() throws Exception {
        // LE.2.2: cancel ends the lease; a second cancel or a renew then gets UnknownLeaseException
        LandlordLease lease = grant(10_000);
        lease.cancel();
        assertEquals(1, ends.cancelled().size());
        assertThrows(UnknownLeaseException.class, lease::cancel);
        assertThrows(UnknownLeaseException.class, () -> lease.renew(1_000));
        LandlordLease expired = grant(1_000);
        advance(clock, 1_000);
        assertThrows(UnknownLeaseException.class, () -> expired.renew(1_000));
    }

    @Test
    void equalityAndBatchingGoByIds() throws Exception {
        // LE.2.2: canBatch is true exactly for leases of the same landlord; copies of a lease are equal
        LandlordLease a = grant(10_000);
        LandlordLease aCopy = LandlordLease.create(table, landlordId, a.leaseId(), 0, clock);
        LandlordLease b = grant(10_000);
        LandlordLease otherLandlord = LandlordLease.create(landlord, UUID.randomUUID(), a.leaseId(), 0, clock);
        assertEquals(a, aCopy);
        assertEquals(a.hashCode(), aCopy.hashCode());
        assertNotEquals(a, b);
        assertNotEquals(a, otherLandlord);
        assertTrue(a.canBatch(b));
        assertTrue(a.canBatch(aCopy));
        assertFalse(a.canBatch(otherLandlord));
        assertFalse(a.canBatch(null));
        assertFalse(a.canBatch(new org.estuary.lease.client.ForeignLease()));
    }

    @Test
    void serialFormatIsDurationByDefaultAndChecked() throws Exception {
        // LE.2.2: "The default serialization format is durational"; only the two constants are formats
        LandlordLease lease = grant(10_000);
        assertEquals(Lease.DURATION, lease.getSerialFormat());
        lease.setSerialFormat(Lease.ABSOLUTE);
        assertEquals(Lease.ABSOLUTE, lease.getSerialFormat());
        assertThrows(IllegalArgumentException.class, () -> lease.setSerialFormat(0));
        assertThrows(IllegalArgumentException.class, () -> lease.setSerialFormat(3));
        assertEquals(Lease.ABSOLUTE, lease.getSerialFormat());
    }

    @Test
    void durationFormatSurvivesClockSkew() throws Exception {
        // LE.2.2/LE.2.4: DURATION stores the time left, so a reader whose clock is an hour off still sees 60 s left
        LandlordLease lease = serializableLease(60_000);
        advance(clock, 15_000);
        byte[] bytes = write(lease);
        ManualClock reader = new ManualClock(TestClocks.START + 3_600_000);
        LandlordLease copy = read(bytes, reader);
        assertEquals(reader.currentTimeMillis() + 45_000, copy.getExpiration());
        assertEquals(lease, copy);
        assertEquals(Lease.DURATION, copy.getSerialFormat());
    }

    @Test
    void absoluteFormatKeepsTheEpochTime() throws Exception {
        // LE.2.2: ABSOLUTE stores milliseconds since the epoch, whatever the reader's clock says
        LandlordLease lease = serializableLease(60_000);
        lease.setSerialFormat(Lease.ABSOLUTE);
        advance(clock, 15_000);
        LandlordLease copy = read(write(lease), new ManualClock(TestClocks.START + 3_600_000));
        assertEquals(TestClocks.START + 60_000, copy.getExpiration());
        assertEquals(Lease.ABSOLUTE, copy.getSerialFormat());
    }

    @Test
    void foreverAndExpiredLeasesSerialize() throws Exception {
        // LE.2.2: FOREVER stays FOREVER in both formats; an expired lease stays expired
        LeaseTable<String> unlimited = new LeaseTable<>(clock, new LeasePolicy(1_000, Lease.FOREVER), 10, ends);
        LandlordLease forever = unlimited.grant("r", Lease.FOREVER)
                .lease(new SerializableLandlord("unlimited", unlimited), landlordId, clock);
        ManualClock reader = new ManualClock(TestClocks.START + 99_999);
        assertEquals(Lease.FOREVER, read(write(forever), reader).getExpiration());
        forever.setSerialFormat(Lease.ABSOLUTE);
        assertEquals(Lease.FOREVER, read(write(forever), reader).getExpiration());
        LandlordLease expired = serializableLease(1_000);
        advance(clock, 5_000);
        LandlordLease copy = read(write(expired), reader);
        assertEquals(reader.currentTimeMillis() - 4_000, copy.getExpiration());
    }

    @Test
    void aDeserializedLeaseRenewsOnTheReadersClock() throws Exception {
        // LE.2.3 after transfer: the copy's renewals count from its own clock's send time
        LandlordLease lease = serializableLease(10_000);
        ManualClock reader = new ManualClock(TestClocks.START - 7_200_000);
        LandlordLease copy = read(write(lease), reader);
        copy.renew(30_000);
        assertEquals(reader.currentTimeMillis() + 30_000, copy.getExpiration());
        assertEquals(TestClocks.START + 10_000, lease.getExpiration(), "the original is another object");
    }

    @Test
    void clientClockScopesNest() {
        // LE.2.2 deserialization context: scopes restore the previous clock
        ManualClock outer = new ManualClock(1);
        ManualClock inner = new ManualClock(2);
        try (ClientClock.Scope a = ClientClock.use(outer)) {
            try (ClientClock.Scope b = ClientClock.use(inner)) {
                assertEquals(inner, ClientClock.current());
            }
            assertEquals(outer, ClientClock.current());
        }
        assertNotEquals(outer, ClientClock.current());
        assertThrows(NullPointerException.class, () -> ClientClock.use(null));
    }

    @Test
    void createRejectsNulls() {
        // LE.2.2: a lease needs its grantor
        assertThrows(NullPointerException.class, () -> LandlordLease.create(null, landlordId, 1, 0, clock));
        assertThrows(NullPointerException.class, () -> LandlordLease.create(table, null, 1, 0, clock));
        assertThrows(NullPointerException.class, () -> LandlordLease.create(table, landlordId, 1, 0, null));
    }

    @Test
    void aLeaseWithoutItsLandlordIsNotSerializable() throws Exception {
        // LE.2.4: the landlord reference is part of the serialized form
        LandlordLease local = grant(1_000);
        assertThrows(java.io.NotSerializableException.class, () -> write(local));
    }

    @Test
    void corruptSerialFormatIsRejectedOnRead() throws Exception {
        // LE.2.4: a stream whose format field is neither DURATION nor ABSOLUTE is not a lease
        LandlordLease lease = serializableLease(1_000);
        java.lang.reflect.Field format = LandlordLease.class.getDeclaredField("serialFormat");
        format.setAccessible(true);
        format.setInt(lease, 7);
        byte[] bytes = write(lease);
        assertThrows(java.io.InvalidObjectException.class, () -> read(bytes, clock));
    }

    private LandlordLease serializableLease(long duration) throws Exception {
        LeaseGrant grant = table.grant("r", duration);
        return grant.lease(new SerializableLandlord("table-" + landlordId, table), landlordId, clock);
    }

    static byte[] write(Object object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        return bytes.toByteArray();
    }

    static LandlordLease read(byte[] bytes, ManualClock readerClock) throws Exception {
        try (ClientClock.Scope scope = ClientClock.use(readerClock);
                ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (LandlordLease) in.readObject();
        }
    }

    static RemoteException down() {
        return new ConnectException("down");
    }
}
