package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import net.jini.core.transaction.server.NestableTransactionManager;

import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.txn.admin.ParticipantInfo;
import org.estuary.txn.admin.TxnInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What operators see: transactions, participants, the abort action and the metrics. */
class TxnViewTest {

    private final Managers managers = new Managers();

    @AfterEach
    void close() {
        managers.close();
    }

    @Test
    void transactionsParticipantsAbortAndMetrics() throws Exception {
        TxnManager manager = managers.start();
        NestableTransactionManager mgr = manager.proxy();
        AdminView admin = new AdminView(manager);
        ServiceView view = TxnView.of(admin);
        long open = mgr.create(60_000).id;
        Scripted part = Scripted.voting(PREPARED);
        mgr.join(open, part, 7);
        long committed = mgr.create(60_000).id;
        mgr.commit(committed);

        // a committed transaction whose participants all heard the outcome leaves the table; the outcome stays
        Page<TxnInfo> page = admin.transactions(0, 10);
        assertEquals(1, page.total());
        assertEquals(COMMITTED, mgr.getState(committed));
        assertFalse(admin.knows(committed));
        TxnInfo info = page.items().stream().filter(t -> t.id() == open).findFirst().orElseThrow();
        assertEquals("ACTIVE", info.state());
        assertEquals("open", info.phase());
        assertEquals(1, info.participants());
        List<ParticipantInfo> parts = admin.participants(open, 0, 10).items();
        assertEquals(7, parts.get(0).crashCount());
        assertEquals("not voted", parts.get(0).vote());
        assertThrows(IllegalArgumentException.class, () -> view.childOf(view.main()).orElseThrow()
                .read(open - 1, 0, 10, null));

        // TX.2.5 from the console: abort as a client would; a committed one cannot be aborted
        assertEquals("Aborted transaction " + Ids.format(open), view.actions().get(0).perform(open));
        assertEquals(ABORTED, mgr.getState(open));
        assertThrows(IOException.class, () -> view.actions().get(0).perform(committed));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> view.actions().get(0).perform(open - 1))
                .getMessage().startsWith("no transaction"));
        assertEquals(2L, admin.metrics().get("created"));
        assertEquals(1L, admin.metrics().get("commits"));
        assertEquals(1L, admin.metrics().get("aborts"));
    }
}
