package net.jini.core.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.MarshalledObject;
import java.util.Map;

import net.jini.core.event.RemoteEvent;

import org.junit.jupiter.api.Test;

// LD.1.2: ServiceEvent and the ServiceRegistrar transition constants, as published for Jini 2.x.
class ServiceEventTest {

    static final class Event extends ServiceEvent {
        private static final long serialVersionUID = 1L;

        Event(Object source, long eventID, long seqNum, MarshalledObject<?> handback, ServiceID id, int t) {
            super(source, eventID, seqNum, handback, id, t);
        }

        @Override
        public ServiceItem getServiceItem() {
            return null;
        }
    }

    @Test
    void transitionConstantsAreDistinctBits() {
        assertEquals(1, ServiceRegistrar.TRANSITION_MATCH_NOMATCH);
        assertEquals(2, ServiceRegistrar.TRANSITION_NOMATCH_MATCH);
        assertEquals(4, ServiceRegistrar.TRANSITION_MATCH_MATCH);
    }

    @Test
    void accessorsReturnConstructorArguments() throws Exception {
        ServiceID id = new ServiceID(1, 1);
        MarshalledObject<String> hb = new MarshalledObject<>("hb");
        Event e = new Event("src", 10, 20, hb, id, ServiceRegistrar.TRANSITION_NOMATCH_MATCH);
        assertTrue(e instanceof RemoteEvent);
        assertSame(id, e.getServiceID());
        assertEquals(ServiceRegistrar.TRANSITION_NOMATCH_MATCH, e.getTransition());
        assertEquals("src", e.getSource());
        assertEquals(10, e.getID());
        assertEquals(20, e.getSequenceNumber());
        assertSame(hb, e.getRegistrationObject());
        assertNull(e.getServiceItem());
        assertTrue(e.toString().contains(id.toString()));
    }

    @Test
    void nullSourceIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new Event(null, 1, 1, null, new ServiceID(1, 1), ServiceRegistrar.TRANSITION_MATCH_MATCH));
    }

    @Test
    void serialForm() throws Exception {
        assertEquals(1304997274096842701L, SerialTestSupport.uid(ServiceEvent.class));
        assertEquals(Map.of("serviceID", ServiceID.class.getName(), "transition", "int"),
                SerialTestSupport.serialFields(ServiceEvent.class));
        Event e = SerialTestSupport.roundTrip(
                new Event("src", 3, 4, null, new ServiceID(8, 9), ServiceRegistrar.TRANSITION_MATCH_NOMATCH));
        assertEquals(new ServiceID(8, 9), e.getServiceID());
        assertEquals(ServiceRegistrar.TRANSITION_MATCH_NOMATCH, e.getTransition());
        assertEquals(4, e.getSequenceNumber());
    }
}
