package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.estuary.core.time.ManualClock;
import org.estuary.store.jdbc.internal.LeaseRows.Holder;
import org.estuary.store.jdbc.internal.LeaseRows.Term;
import org.junit.jupiter.api.Test;

/**
 * The lease keeper on a manual clock, two containers contending through a lease table kept in memory with the
 * clock's time as the database's: one active per instance, a standby taking over within one lease and one
 * heartbeat, a paused holder that stops holding before the takeover, a lost database, a clean stop.
 */
class LeaseKeeperTest {

    private static final long LEASE = 6_000;
    private static final long HEARTBEAT = 2_000;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final Rows rows = new Rows();

    @Test
    void oneContainerIsActiveAndTheOtherStandsBy() {
        Container a = new Container("a");
        Container b = new Container("b");
        a.keeper.start();
        b.keeper.start();

        assertEquals(List.of("+renewal/1", "+txn/1"), a.events);
        assertEquals(List.of(), b.events, "the standby is active for nothing");
        LeaseKeeper.Status standby = b.keeper.statuses().get(0);
        assertFalse(standby.active());
        assertEquals("a", standby.holder().member(), "the standby knows who is active");
        assertEquals("host-a:4170", standby.holder().endpoint());

        clock.advance(LEASE * 5, TimeUnit.MILLISECONDS); // heartbeats renew: nothing changes
        assertEquals(List.of("+renewal/1", "+txn/1"), a.events);
        assertEquals(List.of(), b.events);
        assertTrue(a.holds("renewal"));
    }

    @Test
    void aStandbyTakesOverWithinOneLeaseAndOneHeartbeatWhenTheActiveOneDies() {
        Container a = new Container("a");
        Container b = new Container("b");
        a.keeper.start();
        b.keeper.start();
        clock.advance(HEARTBEAT, TimeUnit.MILLISECONDS); // a renewed once
        long lastRenewal = clock.currentTimeMillis();

        a.executor.pause(); // kill -9: its heartbeats never run again
        long waited = 0;
        while (b.events.isEmpty()) {
            assertTrue(waited <= LEASE + HEARTBEAT, "no takeover within lease + heartbeat: " + waited + " ms");
            clock.advance(100, TimeUnit.MILLISECONDS);
            waited += 100;
        }
        assertEquals(List.of("+renewal/2", "+txn/2"), b.events, "a new term with the next token");
        assertTrue(clock.currentTimeMillis() - lastRenewal > LEASE, "not before the lease ran out");
    }

    @Test
    void aPausedHolderStopsHoldingBeforeTheStandbyTakesOverAndStandsByWhenItResumes() {
        // SIGSTOP: its threads stand still while time passes; the role must not hold once a takeover is possible
        Container a = new Container("a");
        Container b = new Container("b");
        a.keeper.start();
        b.keeper.start();
        a.executor.pause();
        while (b.events.isEmpty()) {
            assertFalse(a.holds("renewal") && rows.expired("renewal"), "a paused holder still holds a lease "
                    + "that ran out in the database");
            clock.advance(100, TimeUnit.MILLISECONDS);
        }
        assertFalse(a.holds("renewal"), "a paused holder no longer holds once its lease ran out");
        assertEquals(List.of("+renewal/1", "+txn/1"), a.events, "its heartbeat has not run yet");

        a.executor.resume(); // SIGCONT: the next heartbeat finds the row taken
        clock.advance(HEARTBEAT, TimeUnit.MILLISECONDS);
        assertEquals(List.of("+renewal/1", "+txn/1", "-renewal", "-txn"), a.events);
        assertEquals("b", a.keeper.statuses().get(0).holder().member());
        assertEquals(2, a.keeper.statuses().get(0).holder().token());
    }

    @Test
    void aHolderThatCannotReachTheDatabaseStopsHoldingWhenItsLeaseRunsOut() {
        Container a = new Container("a");
        a.keeper.start();
        rows.down = true;
        clock.advance(LEASE - 1, TimeUnit.MILLISECONDS);
        assertTrue(a.holds("renewal"), "the lease still holds");
        assertEquals(List.of("+renewal/1", "+txn/1"), a.events);
        clock.advance(HEARTBEAT, TimeUnit.MILLISECONDS);
        assertFalse(a.holds("renewal"));
        assertEquals(List.of("+renewal/1", "+txn/1", "-renewal", "-txn"), a.events);

        rows.down = false; // the database is back and nobody took over: the same container takes a new term
        clock.advance(HEARTBEAT, TimeUnit.MILLISECONDS);
        assertEquals(List.of("+renewal/1", "+txn/1", "-renewal", "-txn", "+renewal/2", "+txn/2"), a.events);
    }

    @Test
    void aContainerThatStopsReleasesItsLeasesSoTheStandbyTakesOverAtItsNextHeartbeat() {
        Container a = new Container("a");
        Container b = new Container("b");
        a.keeper.start();
        b.keeper.start();
        a.keeper.close();
        assertEquals(List.of("+renewal/1", "+txn/1", "-renewal", "-txn"), a.events);
        assertFalse(a.holds("renewal"));
        clock.advance(HEARTBEAT, TimeUnit.MILLISECONDS);
        assertEquals(List.of("+renewal/2", "+txn/2"), b.events);
    }

    @Test
    void aHeartbeatAboveHalfTheLeaseIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new LeaseKeeper(clock, Runnable::run, rows, "a", "", 4_000, 2_001, Set.of("renewal"),
                        new Recorder()));
        assertTrue(refused.getMessage().contains("heartbeat.ms"), refused.getMessage());
    }

    // ---- the containers and the table

    /** One container: its keeper, the executor its heartbeats run on, and what its listener heard. */
    private final class Container {
        final PausableExecutor executor = new PausableExecutor();
        final Recorder recorder = new Recorder();
        final List<String> events = recorder.events;
        final LeaseKeeper keeper;

        Container(String member) {
            keeper = new LeaseKeeper(clock, executor, rows, member, "host-" + member + ":4170", LEASE, HEARTBEAT,
                    new java.util.LinkedHashSet<>(List.of("renewal", "txn")), recorder);
        }

        boolean holds(String instance) {
            BooleanSupplier holds = recorder.holds.get(instance);
            return holds != null && holds.getAsBoolean();
        }
    }

    private static final class Recorder implements LeaseKeeper.Listener {
        final List<String> events = new ArrayList<>();
        final Map<String, BooleanSupplier> holds = new HashMap<>();

        @Override
        public void activated(String instance, Term term, BooleanSupplier holds) {
            events.add("+" + instance + "/" + term.token());
            this.holds.put(instance, holds);
        }

        @Override
        public void deactivated(String instance, String why) {
            events.add("-" + instance);
        }
    }

    /** Runs tasks at once, or keeps them while paused (a process stopped or killed). */
    private static final class PausableExecutor implements Executor {
        private final Queue<Runnable> held = new ArrayDeque<>();
        private boolean paused;

        @Override
        public void execute(Runnable task) {
            if (paused) {
                held.add(task);
            } else {
                task.run();
            }
        }

        void pause() {
            paused = true;
        }

        void resume() {
            paused = false;
            while (!held.isEmpty()) {
                held.poll().run();
            }
        }
    }

    /** The lease table with the manual clock's wall time as the database's now(). */
    private final class Rows implements LeaseRows {
        private final Map<String, Holder> table = new HashMap<>();
        boolean down;

        boolean expired(String instance) {
            Holder row = table.get(instance);
            return row == null || row.expiresMillis() < clock.currentTimeMillis();
        }

        @Override
        public Term acquire(String instance, String member, String endpoint, long leaseMillis) throws SQLException {
            check();
            long now = clock.currentTimeMillis();
            Holder row = table.get(instance);
            if (row != null && row.expiresMillis() >= now) {
                return null;
            }
            long token = row == null ? 1 : row.token() + 1;
            table.put(instance, new Holder(member, endpoint, token, now, now + leaseMillis));
            return new Term(token, now);
        }

        @Override
        public boolean renew(String instance, String member, long token, long leaseMillis) throws SQLException {
            check();
            long now = clock.currentTimeMillis();
            Holder row = table.get(instance);
            if (row == null || !row.member().equals(member) || row.token() != token || row.expiresMillis() < now) {
                return false;
            }
            table.put(instance, new Holder(member, row.endpoint(), token, row.sinceMillis(), now + leaseMillis));
            return true;
        }

        @Override
        public void release(String instance, String member, long token) throws SQLException {
            check();
            Holder row = table.get(instance);
            if (row != null && row.member().equals(member) && row.token() == token) {
                table.put(instance, new Holder(member, row.endpoint(), token, row.sinceMillis(),
                        clock.currentTimeMillis() - 1));
            }
        }

        @Override
        public Holder holder(String instance) throws SQLException {
            check();
            return table.get(instance);
        }

        private void check() throws SQLException {
            if (down) {
                throw new SQLTransientConnectionException("connection refused", "08001");
            }
        }
    }
}
