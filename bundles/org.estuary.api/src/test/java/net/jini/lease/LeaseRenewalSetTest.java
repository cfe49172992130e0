package net.jini.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.rmi.Remote;

import org.junit.jupiter.api.Test;

class LeaseRenewalSetTest {

    // LR.2.1: renewal failure events use identifier 0, expiration warning events identifier 1.
    @Test
    void eventIdentifiers() {
        assertEquals(0L, LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID);
        assertEquals(1L, LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID);
    }

    // LR.2: neither the service nor the set is a remote interface; proxies talk to the server.
    @Test
    void notRemoteInterfaces() {
        assertFalse(Remote.class.isAssignableFrom(LeaseRenewalService.class));
        assertFalse(Remote.class.isAssignableFrom(LeaseRenewalSet.class));
    }
}
