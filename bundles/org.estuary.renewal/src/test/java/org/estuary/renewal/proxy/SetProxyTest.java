package org.estuary.renewal.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.UUID;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.client.LandlordLease;
import org.estuary.management.Ids;
import org.junit.jupiter.api.Test;

/** A set's description in a client's log names the set as the shell and the console do, so it can be typed there. */
class SetProxyTest {

    /** A set id with the high bit set: signed decimal would print it negative. */
    private static final long HIGH_BIT_ID = -9_108_277_029_232_322_394L;

    @Test
    void toStringNamesTheSetInTheFormTheShellTakes() {
        UUID serviceId = UUID.randomUUID();
        RenewalBackend unused = (RenewalBackend) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {RenewalBackend.class}, (proxy, method, args) -> {
                    throw new AssertionError("toString makes no remote call: " + method);
                });
        LandlordLease lease = LandlordLease.create(unused, serviceId, HIGH_BIT_ID, 1_700_000_060_000L,
                new ManualClock(1_700_000_000_000L));
        SetProxy set = new SetProxy(serviceId, HIGH_BIT_ID, unused, lease);

        String shown = Ids.format(HIGH_BIT_ID);
        assertEquals("9338467044477229222", shown);
        assertEquals("LeaseRenewalSet[" + serviceId + ", " + shown + "]", set.toString());
        assertTrue(lease.toString().contains("id=" + shown + ","), lease.toString());
        assertEquals(HIGH_BIT_ID, Ids.parse(shown), "the text reads back as the same set");
    }
}
