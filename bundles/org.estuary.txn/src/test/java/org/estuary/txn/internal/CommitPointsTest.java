package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static org.estuary.txn.internal.Managers.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import net.jini.core.transaction.server.TransactionManager;

import org.estuary.store.api.Batch;
import org.estuary.store.api.testing.InterceptedStore;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * TX.2.8 commit points of concurrent commits: written in groups, one batch for the commit points queued while the
 * previous batch was being made durable.
 */
class CommitPointsTest {

    /** A memory store that holds back the acknowledgement of the first commit points until released; counts them. */
    private static final class SlowFirstStore extends InterceptedStore {
        final CompletableFuture<Void> release = new CompletableFuture<>();
        /** The commit points of each batch that carried any, in order. */
        final List<Integer> commitPointsPerBatch = new CopyOnWriteArrayList<>();

        SlowFirstStore() {
            super(MemoryStores.open());
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            int commitPoints = (int) batch.operations().stream().filter(CommitPointOutcomeTest::isCommitPoint).count();
            CompletionStage<Void> applied = delegate.apply(batch);
            if (commitPoints == 0) {
                return applied;
            }
            commitPointsPerBatch.add(commitPoints);
            return commitPointsPerBatch.size() == 1 ? applied.thenCombine(release, (a, b) -> null) : applied;
        }
    }

    private final SlowFirstStore store = new SlowFirstStore();
    private final Managers managers = new Managers(store);
    private final List<Thread> clients = new ArrayList<>();

    @AfterEach
    void close() throws InterruptedException {
        store.release.complete(null);
        for (Thread client : clients) {
            client.join(10_000);
        }
        managers.close();
    }

    @Test
    void commitPointsQueuedWhileABatchIsMadeDurableShareTheNextBatch() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            long id = mgr.create(30_000).id;
            mgr.join(id, Scripted.voting(PREPARED), 1);
            mgr.join(id, Scripted.voting(PREPARED), 1);
            ids.add(id);
        }
        // TX.2.8: the first commit point waits for the store; the three after it queue meanwhile
        commit(mgr, ids.get(0));
        until("the first commit point written", () -> store.commitPointsPerBatch.size() == 1);
        for (long id : ids.subList(1, 4)) {
            commit(mgr, id);
        }
        until("every client waits for its commit point", () -> clients.stream()
                .allMatch(t -> LockSupport.getBlocker(t) instanceof CommitPoints || blockedInTheStore(t)));
        store.release.complete(null);
        for (Thread client : clients) {
            client.join(TimeUnit.SECONDS.toMillis(10));
        }
        assertEquals(List.of(1, 3), store.commitPointsPerBatch);
        for (long id : ids) {
            assertEquals(COMMITTED, mgr.getState(id));
        }
    }

    /** The first client, which leads: it waits for the store's acknowledgement of its batch. */
    private boolean blockedInTheStore(Thread client) {
        return client == clients.get(0) && client.getState() != Thread.State.RUNNABLE;
    }

    private void commit(TransactionManager mgr, long id) {
        Thread client = new Thread(() -> {
            try {
                mgr.commit(id);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "client-" + clients.size());
        clients.add(client);
        client.start();
    }
}
