package org.estuary.itest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.client.EstuaryClient;
import org.estuary.txn.conformance.Recording;

/**
 * A client of the transaction manager under faults: each step creates a transaction, joins two participants of this
 * JVM (which vote PREPARED) and commits it. Checked, waiting (bounded) for the manager's roll forward after a restart
 * (TX.2.8): a transaction whose {@code commit} returned committed at both participants; a transaction past its commit
 * point (one participant told to commit, or the manager answering COMMITTED) committed at every participant that
 * prepared; none both committed and aborted anywhere. A {@code commit} that answered {@code CannotCommitException}
 * is a definite abort, which TX.2.8 allows short of the commit point (a commit point the store could not make
 * durable): such a transaction committed at no participant and the manager does not call it COMMITTED, also after
 * a restart that would roll a durable commit point forward.
 */
final class TxnFaultClient extends FaultClient {

    private static final long LEASE = 600_000L;
    private static final Duration ROLL_FORWARD = Duration.ofSeconds(60);

    private final NestableTransactionManager manager;
    private final Recording first = new Recording(TransactionConstants.PREPARED);
    private final Recording second = new Recording(TransactionConstants.PREPARED);
    private final TransactionParticipant firstStub;
    private final TransactionParticipant secondStub;
    /**
     * Transactions created and not yet settled by a check; those whose commit returned are in {@link #committed},
     * those whose commit answered {@code CannotCommitException} in {@link #aborted}.
     */
    private final Set<Long> open = ConcurrentHashMap.newKeySet();
    private final Set<Long> committed = ConcurrentHashMap.newKeySet();
    private final Set<Long> aborted = ConcurrentHashMap.newKeySet();
    private final AtomicLong abortedCount = new AtomicLong();

    TxnFaultClient(EstuaryClient client) throws Exception {
        manager = client.lookup(NestableTransactionManager.class);
        firstStub = client.exportParticipant(first);
        secondStub = client.exportParticipant(second);
    }

    @Override
    public String name() {
        return "txn";
    }

    @Override
    public void step(Random random) throws Exception {
        long id = manager.create(LEASE).id;
        open.add(id);
        try {
            manager.join(id, firstStub, 1);
            manager.join(id, secondStub, 1);
            manager.commit(id);
        } catch (UnknownTransactionException forgotten) {
            // TX.2.8.1: the manager restarted (or its bundle was replaced) between create and this call and forgot a
            // transaction short of its commit point; check() settles it as such
            return;
        } catch (CannotCommitException abortedByManager) {
            // TX.2.8: the manager aborted it short of its commit point; check() holds it to that answer
            aborted.add(id);
            abortedCount.incrementAndGet();
            return;
        }
        committed.add(id);
        acknowledge();
    }

    /** How many commits the manager answered with {@code CannotCommitException} so far. */
    long aborted() {
        return abortedCount.get();
    }

    @Override
    public List<String> check() throws Exception {
        List<String> wrong = new ArrayList<>();
        Processes.await(ROLL_FORWARD, () -> {
            wrong.clear();
            wrong.addAll(unsettled());
            return wrong.isEmpty();
        });
        return wrong;
    }

    /** The open transactions whose outcome is not yet whole at the participants; settles the others. */
    private List<String> unsettled() {
        Set<String> a = new HashSet<>(first.calls());
        Set<String> b = new HashSet<>(second.calls());
        List<String> wrong = new ArrayList<>();
        for (Long id : open) {
            boolean prepared = a.contains("prepare " + id) || b.contains("prepare " + id);
            boolean aCommitted = a.contains("commit " + id);
            boolean bCommitted = b.contains("commit " + id);
            if ((aCommitted || bCommitted) && (a.contains("abort " + id) || b.contains("abort " + id))) {
                wrong.add("transaction " + id + " both committed and aborted");
            } else if (aborted.contains(id)) {
                if (aCommitted || bCommitted || managerCommitted(id)) {
                    wrong.add("transaction " + id + " answered CannotCommitException but "
                            + (aCommitted || bCommitted ? "committed at a participant"
                                    : "the manager does not answer that it is not COMMITTED"));
                } else {
                    settle(id);
                }
            } else if (committed.contains(id) || aCommitted || bCommitted || (prepared && managerCommitted(id))) {
                // past the commit point: every participant that prepared rolls forward
                boolean whole = (aCommitted || !a.contains("prepare " + id)) && (bCommitted || !b.contains("prepare " + id))
                        && (!committed.contains(id) || (aCommitted && bCommitted));
                if (whole) {
                    settle(id);
                } else {
                    wrong.add("transaction " + id + (committed.contains(id) ? " acknowledged" : " past its commit point")
                            + " but not committed at every prepared participant: " + (aCommitted ? "" : "not ")
                            + "at the first, " + (bCommitted ? "" : "not ") + "at the second");
                }
            } else {
                settle(id); // short of its commit point: the manager forgot it (TX.2.8.1), nobody committed
            }
        }
        return wrong;
    }

    private boolean managerCommitted(long id) {
        try {
            return manager.getState(id) == TransactionConstants.COMMITTED;
        } catch (UnknownTransactionException forgotten) {
            return false;
        } catch (java.rmi.RemoteException e) {
            return true; // cannot tell yet: not settled, asked again
        }
    }

    private void settle(long id) {
        open.remove(id);
        committed.remove(id);
        aborted.remove(id);
    }
}
