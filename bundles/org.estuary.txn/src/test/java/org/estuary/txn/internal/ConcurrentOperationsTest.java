package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static org.estuary.txn.internal.Managers.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.server.NestableTransactionManager;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Operations on one transaction racing each other from several client threads: whichever comes first, the
 * transaction ends with one outcome and every participant hears what that outcome asks (TX.2.3, TX.2.5, TX.2.7).
 * Each round starts its racers together; the rounds vary which one wins.
 */
class ConcurrentOperationsTest {

    private static final int ROUNDS = 100;

    private final Managers managers = new Managers();
    private final ExecutorService clients = Executors.newFixedThreadPool(4);

    @AfterEach
    void close() {
        clients.shutdownNow();
        managers.close();
    }

    /** Runs {@code racers} together; what each returned, or the exception it threw. */
    private List<Object> race(List<Callable<Object>> racers) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Object>> runs = new ArrayList<>();
        for (Callable<Object> racer : racers) {
            runs.add(clients.submit(() -> {
                start.await();
                try {
                    return racer.call();
                } catch (Exception e) {
                    return e;
                }
            }));
        }
        start.countDown();
        List<Object> outcomes = new ArrayList<>();
        for (Future<Object> run : runs) {
            try {
                outcomes.add(run.get(10, TimeUnit.SECONDS));
            } catch (ExecutionException e) {
                throw new AssertionError("a racer failed unexpectedly", e.getCause());
            }
        }
        return outcomes;
    }

    /** A new transaction that {@code parts} joined. */
    private static long joined(NestableTransactionManager mgr, Scripted... parts) throws Exception {
        long id = mgr.create(60_000).id;
        for (Scripted part : parts) {
            mgr.join(id, part, 1);
        }
        return id;
    }

    /** A racer committing {@code id}: answers "committed" when commit returns. */
    private static Callable<Object> commit(NestableTransactionManager mgr, long id) {
        return () -> {
            mgr.commit(id);
            return "committed";
        };
    }

    /** A racer aborting {@code id}: answers "aborted" when abort returns. */
    private static Callable<Object> abort(NestableTransactionManager mgr, long id) {
        return () -> {
            mgr.abort(id);
            return "aborted";
        };
    }

    /** A racer joining {@code part} to {@code id}: answers "joined" when join returns. */
    private static Callable<Object> join(NestableTransactionManager mgr, long id, Scripted part) {
        return () -> {
            mgr.join(id, part, 1);
            return "joined";
        };
    }

    @Test
    void aJoinRacingTheCommitEitherTakesPartOrIsRefused() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        for (int round = 0; round < ROUNDS; round++) {
            long id = mgr.create(60_000).id;
            Scripted first = Scripted.named("first");
            mgr.join(id, first, 1);
            Scripted late1 = Scripted.named("late");
            Scripted late2 = Scripted.named("late");
            List<Object> outcomes = race(List.of(
                    commit(mgr, id),
                    join(mgr, id, late1),
                    join(mgr, id, late2)));
            // TX.2.7: every participant that voted PREPARED commits; the commit's outcome is COMMITTED
            assertEquals("committed", outcomes.get(0));
            assertEquals(COMMITTED, mgr.getState(id));
            Scripted[] late = {late1, late2};
            for (int i = 0; i < late.length; i++) {
                Scripted part = late[i];
                if ("joined".equals(outcomes.get(i + 1))) {
                    // TX.2.3: joined while ACTIVE, so asked to vote and told to roll forward
                    until(part + " rolled forward", () -> part.count("commit") + part.count("prepareAndCommit") == 1);
                } else {
                    // TX.2.3: the transaction was no longer ACTIVE: refused, and never called
                    assertInstanceOf(CannotJoinException.class, outcomes.get(i + 1));
                    assertEquals(List.of(), part.calls);
                }
            }
            until(first + " rolled forward", () -> first.count("commit") + first.count("prepareAndCommit") == 1);
        }
    }

    @Test
    void aCommitRacingAnAbortHasExactlyOneOutcome() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        for (int round = 0; round < ROUNDS; round++) {
            Scripted p1 = Scripted.named("p");
            Scripted p2 = Scripted.named("p");
            long id = joined(mgr, p1, p2);
            List<Object> outcomes = race(List.of(
                    commit(mgr, id),
                    abort(mgr, id)));
            int state = mgr.getState(id);
            if (state == COMMITTED) {
                // TX.2.5: abort of a committed transaction throws CannotAbortException; both participants roll forward
                assertEquals("committed", outcomes.get(0));
                assertInstanceOf(CannotAbortException.class, outcomes.get(1));
                until("both participants rolled forward", () -> p1.count("commit") == 1 && p2.count("commit") == 1);
                assertEquals(0, p1.count("abort") + p2.count("abort"));
            } else {
                // TX.2.5: commit of an aborted transaction throws CannotCommitException; no participant commits
                assertEquals(ABORTED, state);
                assertInstanceOf(CannotCommitException.class, outcomes.get(0));
                assertEquals("aborted", outcomes.get(1));
                assertEquals(0, p1.count("commit") + p2.count("commit"));
            }
        }
    }

    @Test
    void manyCommitsOfTheSameTransactionReportItsOneOutcome() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        for (int round = 0; round < ROUNDS; round++) {
            Scripted p1 = Scripted.named("p");
            Scripted p2 = Scripted.named("p");
            long id = joined(mgr, p1, p2);
            // TX.2.5: a commit while another runs waits for its outcome; the vote runs once
            assertEquals(List.of("committed", "committed", "committed"),
                    race(List.of(commit(mgr, id), commit(mgr, id), commit(mgr, id))));
            assertEquals(1, p1.count("prepare"));
            assertEquals(1, p2.count("prepare"));
            until("both participants rolled forward", () -> p1.count("commit") == 1 && p2.count("commit") == 1);
        }
    }

    @Test
    void aParentAbortRacingItsNestedCommitAbortsBoth() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        for (int round = 0; round < ROUNDS; round++) {
            long parent = mgr.create(60_000).id;
            long nested = mgr.create(mgr, parent, 60_000).id;
            Scripted part = Scripted.named("nested");
            mgr.join(nested, part, 1);
            List<Object> outcomes = race(List.of(
                    commit(mgr, nested),
                    abort(mgr, parent)));
            // TX.2.7: aborting a parent aborts what is nested in it, committed or not; nothing is final
            assertEquals("aborted", outcomes.get(1));
            assertEquals(ABORTED, mgr.getState(parent));
            assertEquals(ABORTED, mgr.getState(nested));
            if (!"committed".equals(outcomes.get(0))) {
                assertInstanceOf(CannotCommitException.class, outcomes.get(0));
            }
            assertEquals(0, part.count("commit"));
        }
    }

    @Test
    void transactionsOfConcurrentClientsCompleteIndependently() throws Exception {
        // a queue for every call at once: a call the pool refused would wait for the manual clock
        NestableTransactionManager mgr = managers.start(Managers.settings(100, 100, 10, 10_000)).proxy();
        List<Callable<Object>> loops = new ArrayList<>();
        List<Scripted> parts = new ArrayList<>();
        for (int client = 0; client < 4; client++) {
            boolean aborts = client % 2 == 1;
            loops.add(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    Scripted p1 = Scripted.named("p");
                    Scripted p2 = Scripted.named("p");
                    synchronized (parts) {
                        parts.add(p1);
                        parts.add(p2);
                    }
                    long id = joined(mgr, p1, p2);
                    if (aborts) {
                        mgr.abort(id);
                    } else {
                        mgr.commit(id);
                    }
                }
                return null;
            });
        }
        for (Object outcome : race(loops)) {
            assertNull(outcome);
        }
        // TX.2.7: every participant of a committed transaction rolls forward, none of an aborted one prepares
        for (Scripted part : parts) {
            until(part + " heard its outcome: " + part.calls, () -> part.count("commit") + part.count("abort") == 1);
            assertNotEquals(part.count("prepare") == 0, part.count("commit") == 1);
        }
    }
}
