package net.jini.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.Remote;

import org.junit.jupiter.api.Test;

class InvalidIteratorExceptionTest {

    // EM.7: a checked exception with a no-argument and a reason constructor.
    @Test
    void constructors() {
        assertInstanceOf(Exception.class, new InvalidIteratorException());
        assertFalse(RuntimeException.class.isAssignableFrom(InvalidIteratorException.class));
        assertNull(new InvalidIteratorException().getMessage());
        assertEquals("closed", new InvalidIteratorException("closed").getMessage());
    }

    // EM.2, EM.4, EM.5, EM.7: none of the mailbox interfaces is remote; the pull types extend the push types.
    @Test
    void interfaceShapes() {
        for (Class<?> c : new Class<?>[] {EventMailbox.class, MailboxRegistration.class, PullEventMailbox.class,
                MailboxPullRegistration.class, RemoteEventIterator.class}) {
            assertFalse(Remote.class.isAssignableFrom(c), c.getName());
        }
        assertTrue(EventMailbox.class.isAssignableFrom(PullEventMailbox.class));
        assertTrue(MailboxRegistration.class.isAssignableFrom(MailboxPullRegistration.class));
    }
}
