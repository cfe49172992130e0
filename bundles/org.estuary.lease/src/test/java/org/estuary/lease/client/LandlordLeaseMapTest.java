package org.estuary.lease.client;

import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.util.Map;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.LeaseMapException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.RecordingListener;
import org.estuary.lease.ScriptedLandlord;
import org.estuary.lease.TestClocks;
import org.junit.jupiter.api.Test;

class LandlordLeaseMapTest {

    private final ManualClock clock = TestClocks.manual();
    private final RecordingListener<String> ends = new RecordingListener<>(clock);
    private final LeaseTable<String> table =
            new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 100, ends);
    private final ScriptedLandlord landlord = new ScriptedLandlord(table);
    private final UUID landlordId = UUID.randomUUID();
    private final LandlordLease a = lease(landlord, landlordId);
    private final LandlordLease b = lease(landlord, landlordId);
    private final LandlordLease c = lease(landlord, landlordId);
    private final LandlordLease stranger = lease(table, UUID.randomUUID());

    private LandlordLease lease(org.estuary.lease.client.Landlord via, UUID id) {
        try {
            return table.grant("r", 10_000).lease(via, id, clock);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void createLeaseMapHoldsTheLeaseWithItsDuration() {
        // LE.2.2: createLeaseMap "adds the current lease to that map"
        LeaseMap map = a.createLeaseMap(30_000);
        assertEquals(Map.of(a, 30_000L), map);
        assertThrows(IllegalArgumentException.class, () -> a.createLeaseMap(-3));
        assertEquals(Lease.ANY, (long) b.createLeaseMap(Lease.ANY).get(b));
    }

    @Test
    void canContainKeyIsTrueExactlyForBatchableLeases() {
        // LE.2.2: canContainKey is true for leases that can be batched with the map's
        LeaseMap map = a.createLeaseMap(30_000);
        assertTrue(map.canContainKey(b));
        assertTrue(map.canContainKey(a));
        assertFalse(map.canContainKey(stranger));
        assertFalse(map.canContainKey(new ForeignLease()));
        assertFalse(map.canContainKey("not a lease"));
        assertFalse(map.canContainKey(null));
        map.remove(a);
        assertTrue(map.canContainKey(b), "an emptied map still belongs to its landlord");
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void putRejectsWhatLeaseMapMustNotHold() {
        // LE.2.2: IllegalArgumentException for a non-Lease key, a non-Long value and a lease that cannot batch
        LeaseMap map = a.createLeaseMap(30_000);
        Map raw = map;
        assertThrows(IllegalArgumentException.class, () -> raw.put("not a lease", 1_000L));
        assertThrows(IllegalArgumentException.class, () -> raw.put(b, "not a Long"));
        assertThrows(IllegalArgumentException.class, () -> raw.put(b, 1_000));
        assertThrows(IllegalArgumentException.class, () -> map.put(b, null));
        assertThrows(IllegalArgumentException.class, () -> map.put(null, 1_000L));
        assertThrows(IllegalArgumentException.class, () -> map.put(stranger, 1_000L));
        assertThrows(IllegalArgumentException.class, () -> map.put(new ForeignLease(), 1_000L));
        assertThrows(IllegalArgumentException.class, () -> map.put(b, 0L));
        assertThrows(IllegalArgumentException.class, () -> map.put(b, -5L));
        Map.Entry entry = (Map.Entry) raw.entrySet().iterator().next();
        assertThrows(IllegalArgumentException.class, () -> entry.setValue("not a Long"));
        assertThrows(IllegalArgumentException.class, () -> raw.putAll(Map.of("x", 1L)));
        assertEquals(Map.of(a, 30_000L), map);
        map.put(b, Lease.FOREVER);
        entry.setValue(5_000L);
        assertEquals(Map.of(a, 5_000L, b, Lease.FOREVER), map);
    }

    @Test
    void renewAllRenewsEveryLeaseInOneCall() throws Exception {
        // LE.2.2: renewAll renews each lease for its own duration; LE.2.3: from the time the request was sent
        LeaseMap map = a.createLeaseMap(30_000);
        map.put(b, 40_000L);
        map.put(c, Lease.ANY);
        advance(clock, 1_000);
        long sent = clock.currentTimeMillis();
        landlord.duringCall = () -> advance(clock, 500);
        map.renewAll();
        assertEquals(1, landlord.renewAllCalls);
        assertEquals(0, landlord.renewCalls);
        assertEquals(sent + 30_000, a.getExpiration());
        assertEquals(sent + 40_000, b.getExpiration());
        assertEquals(sent + 10_000, c.getExpiration());
        assertEquals(3, map.size());
        assertEquals(a.getExpiration() + 500, table.expiration(a.leaseId()), "the holder errs on the safe side");
    }

    @Test
    void renewAllMovesFailedLeasesIntoTheException() throws Exception {
        // LE.2.2: "those objects will be removed from the LeaseMap and will be contained in the thrown exception"
        LeaseMap map = a.createLeaseMap(30_000);
        map.put(b, 30_000L);
        map.put(c, 30_000L);
        table.cancel(b.leaseId());
        LeaseMapException failure = assertThrows(LeaseMapException.class, map::renewAll);
        assertEquals(1, failure.exceptionMap.size());
        assertInstanceOf(UnknownLeaseException.class, failure.exceptionMap.get(b));
        assertSame(b, failure.exceptionMap.keySet().iterator().next());
        assertEquals(Map.of(a, 30_000L, c, 30_000L), map);
        assertEquals(TestClocks.START + 30_000, a.getExpiration());
        assertEquals(TestClocks.START + 10_000, b.getExpiration(), "a failed lease keeps its expiration");
    }

    @Test
    void renewAllOnACommunicationFailureChangesNothing() throws Exception {
        // LE.2.2: RemoteException means nothing is known: the map keeps every lease
        LeaseMap map = a.createLeaseMap(30_000);
        map.put(b, 30_000L);
        landlord.failNext(new ConnectException("down"));
        assertThrows(ConnectException.class, map::renewAll);
        assertEquals(2, map.size());
        assertEquals(TestClocks.START + 10_000, a.getExpiration());
    }

    @Test
    void cancelAllLeavesTheMapWhole() throws Exception {
        // LE.2.2: "If all cancels are successful, the method returns normally and leaves all leases in the map"
        LeaseMap map = a.createLeaseMap(30_000);
        map.put(b, 30_000L);
        map.cancelAll();
        assertEquals(1, landlord.cancelAllCalls);
        assertEquals(2, map.size());
        assertEquals(2, ends.cancelled().size());
        assertThrows(UnknownLeaseException.class, () -> table.expiration(a.leaseId()));
    }

    @Test
    void cancelAllMovesFailedLeasesIntoTheException() throws Exception {
        // LE.2.2: leases that cannot be cancelled leave the map and travel in the LeaseMapException
        LeaseMap map = a.createLeaseMap(30_000);
        map.put(b, 30_000L);
        map.put(c, 30_000L);
        c.cancel();
        LeaseMapException failure = assertThrows(LeaseMapException.class, map::cancelAll);
        assertEquals(Map.of(a, 30_000L, b, 30_000L), map);
        assertInstanceOf(UnknownLeaseException.class, failure.exceptionMap.get(c));
        assertEquals(1, failure.exceptionMap.size());
    }

    @Test
    void emptyMapNeedsNoCall() throws Exception {
        // LE.2.2: renewing or cancelling nothing succeeds without talking to the grantor
        LeaseMap map = a.createLeaseMap(30_000);
        map.clear();
        map.renewAll();
        map.cancelAll();
        assertEquals(0, landlord.renewAllCalls + landlord.cancelAllCalls);
    }
}
