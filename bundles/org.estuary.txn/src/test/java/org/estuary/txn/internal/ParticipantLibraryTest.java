package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.ServerTransaction;

import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;
import org.estuary.txn.participant.NotChangedWindow;
import org.estuary.txn.participant.PrepareLog;
import org.estuary.txn.participant.RollDecision;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The participant library (TX.2.3, TX.2.6, TX.2.8, TX.2.8.1) against a real manager, on the embedded store. */
class ParticipantLibraryTest {

    @TempDir
    Path directory;

    private final Managers managers = new Managers();

    @AfterEach
    void close() {
        managers.close();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aParticipantThatCrashedAfterPreparingRollsAsTheManagerDecided() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        Store participantStore = RocksStores.open(directory.resolve("participant"));
        try {
            PrepareLog log = PrepareLog.open(participantStore, "example/prepared", managers.marshaller, 10_000);
            long committed = mgr.create(60_000).id;
            long forgotten = mgr.create(60_000).id;
            Scripted stub = Scripted.voting(PREPARED); // stands for the participant, which crashes before commit
            stub.commitFailures.set(-1);
            mgr.join(committed, stub, log.crashCount());
            mgr.join(committed, Scripted.voting(PREPARED), 1);
            // TX.2.8: the participant's commit point, before it votes PREPARED
            log.prepared(mgr, committed, bytes("credit 10"));
            log.prepared(mgr, forgotten, bytes("debit 5"));
            mgr.commit(committed);
            mgr.abort(forgotten);
            RocksStores.close(participantStore); // the participant crashes
            participantStore = RocksStores.open(directory.resolve("participant"));

            PrepareLog recovered = PrepareLog.open(participantStore, "example/prepared", managers.marshaller, 10_000);
            // TX.2.3: the same storage, the same crash count
            assertEquals(log.crashCount(), recovered.crashCount());
            List<PrepareLog.Prepared> records = recovered.recorded();
            assertEquals(2, records.size());
            for (PrepareLog.Prepared record : records) {
                // TX.2.8.1: COMMITTED rolls forward; the aborted one is ABORTED (later unknown): rolls back
                RollDecision expected = record.id() == committed ? RollDecision.ROLL_FORWARD : RollDecision.ROLL_BACK;
                assertEquals(expected, RollDecision.of(record.mgr(), record.id()));
                assertArrayEquals(bytes(record.id() == committed ? "credit 10" : "debit 5"), record.changes());
                assertEquals(mgr, record.mgr());
                recovered.completed(record.mgr(), record.id());
            }
            assertTrue(recovered.recorded().isEmpty());
            managers.advance(Managers.RETENTION_MS + Managers.VOTE_MS);
            // TX.2.8.1: a transaction the manager forgot rolls back
            assertEquals(RollDecision.ROLL_BACK, RollDecision.of(mgr, forgotten));
        } finally {
            RocksStores.close(participantStore);
        }
    }

    @Test
    void aStoreThatLosesTheRecordsGivesANewCrashCount() throws Exception {
        Store volatileStore = MemoryStores.open();
        long before = PrepareLog.open(volatileStore, "example/prepared", managers.marshaller, 10_000).crashCount();
        assertEquals(before, PrepareLog.open(volatileStore, "example/prepared", managers.marshaller, 10_000)
                .crashCount());
        // TX.2.3: state lost (a new memory store after a restart): another crash count
        assertNotEquals(before, PrepareLog.open(MemoryStores.open(), "example/prepared", managers.marshaller,
                10_000).crashCount());
    }

    @Test
    void notChangedVotesAreRememberedForTheWindow() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        NotChangedWindow window = new NotChangedWindow(managers.clock, 5_000, 2);
        long id = mgr.create(60_000).id;
        window.votedNotChanged(mgr, id);
        // TX.2.6: a retried prepare gets NOTCHANGED again for a while
        assertTrue(window.votedNotChanged(new ServerTransaction(mgr, id)));
        managers.advance(5_000);
        assertFalse(window.votedNotChanged(new ServerTransaction(mgr, id)));
        window.votedNotChanged(mgr, 1);
        window.votedNotChanged(mgr, 2);
        window.votedNotChanged(mgr, 3); // bounded: the oldest goes
        assertFalse(window.votedNotChanged(new ServerTransaction(mgr, 1)));
        assertTrue(window.votedNotChanged(new ServerTransaction(mgr, 3)));
    }
}
