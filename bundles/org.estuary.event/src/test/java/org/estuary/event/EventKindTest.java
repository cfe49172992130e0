package org.estuary.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEvent;

import org.junit.jupiter.api.Test;

class EventKindTest {

    @Test
    void sourceAndIdentifierTogetherNameTheKind() {
        // EV.2.3.2: the combination of event identifier and source identifies the kind of event.
        EventKind kind = EventKind.of(new String("gen"), 7);
        assertEquals(EventKind.of("gen", 7), kind);
        assertEquals(EventKind.of("gen", 7).hashCode(), kind.hashCode());
        assertNotEquals(EventKind.of("gen", 8), kind);
        assertNotEquals(EventKind.of("other", 7), kind);
        assertTrue(kind.matches(new RemoteEvent("gen", 7, 3, null)));
        assertFalse(kind.matches(new RemoteEvent("gen", 8, 3, null)));
        assertFalse(kind.matches(null));
    }

    @Test
    void aRegistrationAndItsEventsHaveTheSameKind() {
        // EV.2.3.5: getID and getSource of a registration equal those of its events.
        EventRegistration registration = new EventRegistration(4, "gen", null, 0);
        assertEquals(EventKind.of(new RemoteEvent("gen", 4, 1, null)), EventKind.of(registration));
    }

    @Test
    void nullsAreRefused() {
        assertThrows(NullPointerException.class, () -> EventKind.of(null, 1));
        assertThrows(NullPointerException.class, () -> EventKind.of((RemoteEvent) null));
        assertThrows(NullPointerException.class, () -> EventKind.of((EventRegistration) null));
        assertThrows(NullPointerException.class, () -> EventKind.of(new EventRegistration(1, null, null, 0)));
    }
}
