package net.jini.core.transaction.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TransactionConstantsTest {

    // TX.2.4: the constant values are fixed by the specification and travel between managers and participants.
    @Test
    void valuesAreThoseOfTheSpecification() {
        assertEquals(1, TransactionConstants.ACTIVE);
        assertEquals(2, TransactionConstants.VOTING);
        assertEquals(3, TransactionConstants.PREPARED);
        assertEquals(4, TransactionConstants.NOTCHANGED);
        assertEquals(5, TransactionConstants.COMMITTED);
        assertEquals(6, TransactionConstants.ABORTED);
    }

    // TX.2.1, TX.2.3: managers and participants both carry the constants.
    @Test
    void managerAndParticipantInheritTheConstants() {
        assertTrue(TransactionConstants.class.isAssignableFrom(TransactionManager.class));
        assertTrue(TransactionConstants.class.isAssignableFrom(TransactionParticipant.class));
        assertTrue(TransactionManager.class.isAssignableFrom(NestableTransactionManager.class));
        assertTrue(java.rmi.Remote.class.isAssignableFrom(TransactionManager.class));
        assertTrue(java.rmi.Remote.class.isAssignableFrom(TransactionParticipant.class));
    }
}
