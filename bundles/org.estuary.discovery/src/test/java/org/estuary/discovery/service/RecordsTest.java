package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.Serializable;
import java.rmi.MarshalledObject;
import java.util.List;
import java.util.Map;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.discovery.tracking.Interest;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.Registrations;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.junit.jupiter.api.Test;

// LD.3.1: a registration's record gives back what it seeks, its listener and its handback; LD.4.2: the events made
// from notices.
class RecordsTest {

    /** A listener the record keeps marshalled. */
    static final class Listener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void notify(RemoteEvent event) {
        }
    }

    /** A handback whose class the service must never resolve. */
    static final class Secret implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    private final Marshaller marshaller = Marshallers.builder().classLoader(RecordsTest.class.getClassLoader())
            .build();
    private final Records records = new Records(marshaller);

    private Registration registration(String[] groups, LookupLocator[] locators, MarshalledObject<?> handback)
            throws IOException {
        return new Registration(17, 123_456, Interest.register(groups, locators),
                marshaller.marshalled(new Listener()), handback);
    }

    @Test
    void aRegistrationComesBackAsItWasRecorded() throws Exception {
        LookupLocator[] locators = {new LookupLocator("127.0.0.1", 4160), new LookupLocator("host.example", 7)};
        MarshalledObject<Secret> handback = new MarshalledObject<>(new Secret());
        Registration r = registration(new String[] {"a", "b"}, locators, handback);
        Registration back = records.decode(17, Records.encode(r));
        assertEquals(17, back.id());
        assertEquals(123_456, back.expiration());
        assertArrayEquals(new String[] {"a", "b"}, back.interest().groupsArray());
        assertArrayEquals(locators, back.interest().locatorsArray());
        assertEquals(handback, back.handback());
        assertEquals(r.listener(), back.listener());
        assertTrue(marshaller.unmarshal(back.listener()) instanceof Listener);
    }

    @Test
    void everyGroupNoGroupsAndNoHandbackAreKept() throws Exception {
        Registration all = records.decode(1, Records.encode(registration(null, new LookupLocator[0], null)));
        assertNull(all.interest().groupsArray(), "null: every group (LD.3.1)");
        assertNull(all.handback());
        Registration none = records.decode(1, Records.encode(registration(new String[0], null, null)));
        assertArrayEquals(new String[0], none.interest().groupsArray());
        assertArrayEquals(new LookupLocator[0], none.interest().locatorsArray());
    }

    @Test
    void aRecordOfAnotherFormatOrCutShortIsRefused() throws Exception {
        byte[] value = Records.encode(registration(null, null, null));
        byte[] otherVersion = value.clone();
        otherVersion[0] = 9;
        IOException e = assertThrows(IOException.class, () -> records.decode(1, otherVersion));
        assertTrue(e.getMessage().contains("version 9"), e.getMessage());
        assertThrows(IOException.class, () -> records.decode(1, java.util.Arrays.copyOf(value, value.length / 2)));
    }

    @Test
    void aHandbackRecordHoldingAnotherObjectIsRefused() throws Exception {
        byte[] value = Records.encode(registration(null, null, new MarshalledObject<>("x")));
        // the handback's stream holds a MarshalledObject; one holding a String instead is not read
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        byte[] head = Records.encode(registration(null, null, null));
        bytes.write(head, 0, head.length - 1);
        bytes.write(1);
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject("not a MarshalledObject");
        }
        assertThrows(InvalidClassException.class, () -> records.decode(1, bytes.toByteArray()));
        assertEquals(new MarshalledObject<>("x"), records.decode(1, value).handback());
    }

    @Test
    void aNoticeBecomesOneEventNamingEachLookupServiceWithItsGroups() throws Exception {
        StubRegistrar a = new StubRegistrar(1, "g1");
        StubRegistrar b = new StubRegistrar(2);
        Registrar ra = new Registrar(a.getServiceID(), new MarshalledObject<>(a), List.of("g1"), null);
        Registrar rb = new Registrar(b.getServiceID(), new MarshalledObject<>(b), List.of(), null);
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        Registration r = registration(null, null, handback);
        RemoteDiscoveryEvent event = new DiscoveryEvents().of("source", r, 5,
                new Registrations.Notice<>(17L, List.of(ra, rb), true));
        assertEquals(17, event.getID(), "the registration's event id is its id");
        assertEquals(5, event.getSequenceNumber());
        assertEquals(handback, event.getRegistrationObject());
        assertTrue(event.isDiscarded());
        assertArrayEquals(new ServiceRegistrar[] {a, b}, event.getRegistrars());
        Map<net.jini.core.lookup.ServiceID, String[]> groups = event.getGroups();
        assertArrayEquals(new String[] {"g1"}, groups.get(a.getServiceID()));
        assertArrayEquals(new String[0], groups.get(b.getServiceID()));
    }

    @Test
    void noticesOfTheSameLookupServicesForManyRegistrationsBecomeEventsOfTheirOwn() throws Exception {
        StubRegistrar a = new StubRegistrar(1, "g1");
        Registrar ra = new Registrar(a.getServiceID(), new MarshalledObject<>(a), List.of("g1"), null);
        Registrar changed = new Registrar(a.getServiceID(), ra.proxy(), List.of("g2"), null);
        DiscoveryEvents events = new DiscoveryEvents();
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        // LD.4.2: one event per registration, each with its id, its sequence number and its handback
        RemoteDiscoveryEvent first = events.of("source", registration(null, null, handback), 5,
                new Registrations.Notice<>(17L, List.of(ra), false));
        Registration other = new Registration(18, 123_456, Interest.register(null, null),
                marshaller.marshalled(new Listener()), null);
        RemoteDiscoveryEvent second = events.of("source", other, 2, new Registrations.Notice<>(18L, List.of(ra), false));
        assertEquals(17, first.getID());
        assertEquals(5, first.getSequenceNumber());
        assertEquals(handback, first.getRegistrationObject());
        assertEquals(18, second.getID());
        assertEquals(2, second.getSequenceNumber());
        assertEquals(null, second.getRegistrationObject());
        assertArrayEquals(new ServiceRegistrar[] {a}, second.getRegistrars());
        // the groups as the notice's lookup service has them, also once they changed; and of the notice's kind
        RemoteDiscoveryEvent regrouped = events.of("source", registration(null, null, null), 6,
                new Registrations.Notice<>(17L, List.of(changed), false));
        assertArrayEquals(new String[] {"g2"}, regrouped.getGroups().get(a.getServiceID()));
        RemoteDiscoveryEvent discard = events.of("source", registration(null, null, null), 7,
                new Registrations.Notice<>(17L, List.of(changed), true));
        assertTrue(discard.isDiscarded());
        assertTrue(!regrouped.isDiscarded());
        assertEquals("g1", second.getGroups().get(a.getServiceID())[0], "an event made before keeps its groups");
    }
}
