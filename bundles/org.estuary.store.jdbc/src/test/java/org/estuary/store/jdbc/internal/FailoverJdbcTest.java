package org.estuary.store.jdbc.internal;

import static org.estuary.store.jdbc.internal.JdbcStoreTest.ack;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.bytes;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.contents;
import static org.estuary.store.jdbc.internal.JdbcStoreTest.failureOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;

import javax.sql.DataSource;

import org.estuary.core.time.SystemClock;
import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.jdbc.internal.LeaseRows.Term;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Failover on a real PostgreSQL server: two containers (each a store, its fence and a lease keeper over the same
 * tables) contend for an instance. The standby's writes are refused; a holder paused past its lease (its heartbeats
 * held back, as SIGSTOP holds them) cannot write once the standby took over, although it has not noticed yet; the
 * new holder sees everything the earlier one wrote.
 */
class FailoverJdbcTest {

    private static final long LEASE = 1_000;
    private static final long HEARTBEAT = 200;
    private static final long WAIT_MILLIS = 20_000;

    private static PostgresServer server;
    private static DataSource dataSource;

    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start("failover");
        dataSource = server.dataSource("estuary-failover-test");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void closeContainers() throws Exception {
        Collections.reverse(open);
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    @Test
    void aPausedHolderCannotWriteOnceTheStandbyTookOverAndTheNewHolderSeesWhatItWrote() throws Exception {
        Container a = new Container("a", "fo_");
        a.start();
        waitFor(() -> a.active.contains("renewal"), "a becomes active");
        Container b = new Container("b", "fo_");
        b.start();
        waitFor(() -> !b.keeper.statuses().get(0).active() && b.keeper.statuses().get(0).holder() != null,
                "b sees a as the holder");

        ack(a.store, Batch.builder().put("renewal/sets", "s1", bytes("from a")).build());
        StoreException standby = failureOf(b.store.apply(Batch.builder().put("renewal/sets", "s2", bytes("b"))
                .build()));
        assertSame(Reason.UNAVAILABLE, standby.reason());
        assertTrue(standby.getMessage().contains("not active for the service instance renewal")
                && standby.getMessage().contains("held by a with token 1"), standby.getMessage());
        ack(b.store, Batch.builder().put("other/x", "k", bytes("no lease row: not fenced")).build());

        a.heartbeats.pause(); // SIGSTOP: a's heartbeats stop, its store and its fence go on
        waitFor(() -> b.active.contains("renewal"), "b takes over");
        assertEquals(List.of("renewal"), a.active, "a has not noticed: its heartbeat is held back");

        StoreException fenced = failureOf(a.store.apply(Batch.builder().put("renewal/sets", "s1", bytes("stale"))
                .build()));
        assertSame(Reason.UNAVAILABLE, fenced.reason());
        assertTrue(fenced.getMessage().contains("held by b with token 2")
                && fenced.getMessage().contains("this container's term was token 1"), fenced.getMessage());
        assertEquals(Map.of("s1", "from a"), contents(b.store, "renewal/sets"), "the new holder reads what a wrote");
        ack(b.store, Batch.builder().put("renewal/sets", "s2", bytes("from b")).build());

        a.heartbeats.resume(); // SIGCONT: the next heartbeat finds the lease taken
        waitFor(() -> a.active.isEmpty(), "a stands by");
        assertEquals("b", a.keeper.statuses().get(0).holder().member());
        assertEquals(Map.of("s1", "from a", "s2", "from b"), contents(a.store, "renewal/sets"));
    }

    @Test
    void aHolderPausedInTheMiddleOfACommitDoesNotKeepTheNewHolderFromWriting() throws Exception {
        java.util.concurrent.CountDownLatch inCommit = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch resume = new java.util.concurrent.CountDownLatch(1);
        Container a = new Container("a", "pause_", new JdbcProbe() {
            @Override
            public void beforeCommit() {
                // SIGSTOP between the group's statements and its COMMIT: the writer lock and the rows stay locked
                inCommit.countDown();
                try {
                    resume.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        a.start();
        waitFor(() -> a.active.contains("renewal"), "a becomes active");
        Container b = new Container("b", "pause_");
        b.start();
        var stale = a.store.apply(Batch.builder().put("renewal/sets", "s1", bytes("from a, never committed")).build());
        inCommit.await();
        a.heartbeats.pause();
        waitFor(() -> b.active.contains("renewal"), "b takes over");

        // the database ended a's transaction after a heartbeat of waiting, so b's write does not wait for a
        ack(b.store, Batch.builder().put("renewal/sets", "s1", bytes("from b")).build());
        resume.countDown(); // SIGCONT
        StoreException failed = failureOf(stale);
        assertSame(Reason.UNAVAILABLE, failed.reason());
        assertEquals(Map.of("s1", "from b"), contents(b.store, "renewal/sets"));
    }

    @Test
    void aContainerThatStopsHandsItsLeaseToTheStandbyAtItsNextHeartbeat() throws Exception {
        Container a = new Container("a", "stop_");
        a.start();
        waitFor(() -> a.active.contains("renewal"), "a becomes active");
        Container b = new Container("b", "stop_");
        b.start();
        a.keeper.close(); // released: b need not wait for the lease to run out
        assertEquals(List.of(), a.active);
        waitFor(() -> b.active.contains("renewal"), "b takes over");
        assertEquals(2, b.keeper.statuses().get(0).holder().token());
    }

    /** One container: a store with its fence, and a keeper on its own clock whose heartbeats can be held back. */
    private final class Container {
        final LeaseFence fence = new LeaseFence();
        final JdbcStore store;
        final SystemClock clock;
        final Heartbeats heartbeats = new Heartbeats();
        final List<String> active = Collections.synchronizedList(new ArrayList<>());
        final LeaseKeeper keeper;

        Container(String member, String prefix) {
            this(member, prefix, JdbcProbe.NONE);
        }

        /** As failover's start does: writing transactions that wait a heartbeat for this container end. */
        Container(String member, String prefix, JdbcProbe probe) {
            Settings settings = new Settings(prefix, 1_000_000, 1L << 30, 64, 1_000, 16, 10);
            fence.limitIdle(HEARTBEAT);
            store = JdbcStore.open(dataSource, settings, probe, fence);
            open.add(store::close);
            clock = new SystemClock("failover-test-" + member);
            open.add(clock);
            keeper = new LeaseKeeper(clock, heartbeats, new JdbcLeaseRows(dataSource, new Tables(prefix), 5), member,
                    "host-" + member + ":4170", LEASE, HEARTBEAT, Set.of("renewal"), new LeaseKeeper.Listener() {
                        @Override
                        public void activated(String instance, Term term, BooleanSupplier holds) {
                            fence.grant(instance, member, term.token());
                            active.add(instance);
                        }

                        @Override
                        public void deactivated(String instance, String why) {
                            fence.revoke(instance);
                            active.remove(instance);
                        }
                    });
            open.add(keeper);
        }

        void start() {
            keeper.start();
        }
    }

    /** Runs heartbeats in the clock's thread, or holds them back while paused. */
    private static final class Heartbeats implements Executor {
        private final List<Runnable> held = new ArrayList<>();
        private boolean paused;

        @Override
        public void execute(Runnable task) {
            synchronized (this) {
                if (paused) {
                    held.add(task);
                    return;
                }
            }
            task.run();
        }

        synchronized void pause() {
            paused = true;
        }

        void resume() {
            List<Runnable> due;
            synchronized (this) {
                paused = false;
                due = List.copyOf(held);
                held.clear();
            }
            due.forEach(Runnable::run);
        }
    }

    /** Bounded wait for a condition that other threads make true. */
    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within " + WAIT_MILLIS + " ms: " + what);
            Thread.sleep(20);
        }
    }
}
