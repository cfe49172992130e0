package org.estuary.mailbox.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.NoSuchObjectException;
import java.util.List;

import net.jini.event.MailboxPullRegistration;

import org.estuary.mailbox.admin.RegistrationInfo;
import org.estuary.mailbox.proxy.RegistrationProxy;
import org.estuary.management.ServiceView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What operators see of the mailbox and the actions they take, through its admin view and ServiceView. */
class AdminViewTest {

    private final Harness harness = new Harness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void registrationsShowTheirEventsTargetIteratorAndUnknownPairs() throws Exception {
        MailboxService service = harness.start();
        AdminView admin = new AdminView(service);
        MailboxPullRegistration one = service.proxy().pullRegister(60_000);
        MailboxPullRegistration two = service.proxy().pullRegister(60_000);
        one.getListener().notify(TestEvent.of("a", 1, 1));
        one.getListener().notify(TestEvent.of("a", 1, 2));
        one.getRemoteEvents();
        one.addUnknownEvents(List.of(TestEvent.of("b", 3, 1)));
        two.enableDelivery(new TestTarget());
        assertEquals(2, admin.registrationCount());
        assertEquals(2, admin.eventCount());
        long first = ((RegistrationProxy) one).registrationId();
        RegistrationInfo info = admin.registration(first).orElseThrow();
        assertEquals(2, info.events());
        assertEquals(1, info.iterator());
        assertNull(info.target());
        assertEquals(1, info.unknownEvents());
        assertEquals(3, admin.unknownEvents(first, 0, 10).items().get(0).eventId());
        assertTrue(admin.registration(((RegistrationProxy) two).registrationId()).orElseThrow().target() != null);
        assertEquals(2, admin.registrations(0, 10).items().size());
        assertEquals(2, admin.metrics().get("events.in"));
    }

    @Test
    void operatorsDisableDeliveryAndCancelAsTheClientWould() throws Exception {
        MailboxService service = harness.start();
        AdminView admin = new AdminView(service);
        MailboxPullRegistration registration = service.proxy().pullRegister(60_000);
        long id = ((RegistrationProxy) registration).registrationId();
        TestTarget target = new TestTarget();
        registration.enableDelivery(target);
        ServiceView view = MailboxView.of(admin);
        assertEquals("Disabled delivery of mailbox registration " + org.estuary.management.Ids.format(id),
                view.actions().get(0).perform(id));
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        assertTrue(target.received().isEmpty());
        assertTrue(admin.cancel(id));
        assertFalse(admin.cancel(id));
        assertFalse(admin.disableDelivery(id));
        assertThrows(NoSuchObjectException.class, () -> registration.getListener().notify(TestEvent.of("a", 1, 2)));
    }
}
