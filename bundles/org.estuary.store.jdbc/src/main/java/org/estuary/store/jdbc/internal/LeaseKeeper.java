package org.estuary.store.jdbc.internal;

import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.store.jdbc.internal.LeaseRows.Holder;
import org.estuary.store.jdbc.internal.LeaseRows.Term;

/**
 * One container's side of failover: for each service instance it holds the lease row with a heartbeat, or stands
 * by and takes the lease over once its holder let it run out.
 *
 * <p>Every heartbeat (a task on the {@link Clock}, run on {@code executor}) renews each lease held and tries to
 * take each lease not held. A term holds locally until its lease, counted on the monotonic clock from the moment
 * before the renewal that last succeeded was sent: the database counts the same lease from when it ran the
 * statement, later, so this container stops holding before any standby can take over (the database's
 * {@code now()} decides expiry, so the containers' wall clocks need not agree). A term ends when a renewal finds
 * the row taken, when its local lease passes without a successful renewal (database unreachable, process paused),
 * or when the keeper closes (it then releases the row, so a standby takes over at its next heartbeat rather than
 * after the lease). The {@link Listener} hears each change in the heartbeat thread; it must not block.
 *
 * <p>A standby takes over at most one lease and one heartbeat after the holder's last renewal.
 */
final class LeaseKeeper implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(LeaseKeeper.class.getName());

    /** Hears this container become active for an instance, and stop being so. */
    interface Listener {
        /** This container holds {@code instance} in {@code term}; {@code holds} says whether it still does. */
        void activated(String instance, Term term, BooleanSupplier holds);

        /** This container no longer holds {@code instance} (why: for the log). */
        void deactivated(String instance, String why);
    }

    /** What an operator sees of one instance: whether this container holds it, and who does. */
    record Status(String instance, boolean active, Holder holder) {
    }

    /** A term held: its token and start, and the monotonic deadline of its lease. */
    private static final class Held {
        final Term term;
        volatile long deadlineNanos;
        volatile boolean ended;

        Held(Term term, long deadlineNanos) {
            this.term = term;
            this.deadlineNanos = deadlineNanos;
        }
    }

    private final Clock clock;
    private final Executor executor;
    private final LeaseRows rows;
    private final String member;
    private final String endpoint;
    private final long leaseMillis;
    private final long heartbeatMillis;
    private final List<String> instances;
    private final Listener listener;
    private final Map<String, Held> held = new LinkedHashMap<>();
    private final Map<String, Holder> seen = new LinkedHashMap<>();
    private boolean closed;
    private Clock.Scheduled next;
    private String lastFailure;

    LeaseKeeper(Clock clock, Executor executor, LeaseRows rows, String member, String endpoint, long leaseMillis,
            long heartbeatMillis, Set<String> instances, Listener listener) {
        if (heartbeatMillis <= 0 || heartbeatMillis * 2 > leaseMillis) {
            throw new IllegalArgumentException("failover heartbeat.ms must be positive and at most half of lease.ms "
                    + "(a lease must survive a missed heartbeat): heartbeat.ms=" + heartbeatMillis + ", lease.ms="
                    + leaseMillis);
        }
        if (member.isBlank()) {
            throw new IllegalArgumentException("failover member must not be blank");
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.member = member;
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.leaseMillis = leaseMillis;
        this.heartbeatMillis = heartbeatMillis;
        this.instances = List.copyOf(instances);
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Runs the first heartbeat now (on the executor) and the next ones every {@code heartbeat.ms}. */
    void start() {
        submit();
    }

    /** This container's member name. */
    String member() {
        return member;
    }

    /** Each instance: whether this container holds it, and the holder last seen. */
    synchronized List<Status> statuses() {
        List<Status> statuses = new ArrayList<>();
        for (String instance : instances) {
            Held mine = held.get(instance);
            if (mine != null) {
                statuses.add(new Status(instance, true, new Holder(member, endpoint, mine.term.token(),
                        mine.term.sinceMillis(), clock.wallTimeOfDeadline(mine.deadlineNanos))));
            } else {
                statuses.add(new Status(instance, false, seen.get(instance)));
            }
        }
        return statuses;
    }

    /** One heartbeat: renew what is held, take over what ran out. */
    void heartbeat() {
        synchronized (this) {
            if (closed) {
                return;
            }
            boolean failed = false;
            for (String instance : instances) {
                try {
                    beat(instance);
                } catch (SQLException | RuntimeException e) {
                    failed = true;
                    failed(e);
                }
            }
            if (!failed && lastFailure != null) {
                LOG.log(Level.INFO, "Estuary failover (" + member + ") reaches the lease table again");
                lastFailure = null;
            }
            next = clock.schedule(this::submit, heartbeatMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void beat(String instance) throws SQLException {
        Held mine = held.get(instance);
        if (mine != null && clock.nanoTime() >= mine.deadlineNanos) {
            end(instance, mine, Level.WARNING, "its lease of " + leaseMillis + " ms ran out before a heartbeat renewed it "
                    + "(database unreachable, or this process was paused)");
            mine = null;
        }
        long sent = clock.nanoTime();
        if (mine != null) {
            if (rows.renew(instance, member, mine.term.token(), leaseMillis)) {
                mine.deadlineNanos = deadline(sent);
            } else {
                end(instance, mine, Level.WARNING, "another container took its lease over");
                seen.put(instance, rows.holder(instance));
            }
            return;
        }
        Term term = rows.acquire(instance, member, endpoint, leaseMillis);
        if (term == null) {
            seen.put(instance, rows.holder(instance));
            return;
        }
        Held taken = new Held(term, deadline(sent));
        held.put(instance, taken);
        seen.remove(instance);
        LOG.log(Level.INFO, "Estuary failover: " + member + " is active for " + instance + " (token "
                + term.token() + ")");
        listener.activated(instance, term, () -> !taken.ended && clock.nanoTime() < taken.deadlineNanos);
    }

    private long deadline(long sentNanos) {
        return Times.saturatedAdd(sentNanos, Times.millisToNanos(leaseMillis));
    }

    private void end(String instance, Held mine, Level level, String why) {
        mine.ended = true;
        held.remove(instance);
        LOG.log(level, "Estuary failover: " + member + " stands by for " + instance + ": " + why);
        listener.deactivated(instance, why);
    }

    private void failed(Exception e) {
        String failure = String.valueOf(e.getMessage());
        if (lastFailure == null) {
            LOG.log(Level.WARNING, "Estuary failover (" + member + ") cannot reach the lease table: " + failure
                    + "; leases held stay held until their lease of " + leaseMillis + " ms runs out");
        }
        lastFailure = failure;
    }

    private void submit() {
        try {
            executor.execute(this::heartbeat);
        } catch (RejectedExecutionException closing) {
            // the executor shut down with the component
        }
    }

    /**
     * Stops the heartbeats, ends every term (the listener hears each) and releases their rows, so that standbys
     * take over at their next heartbeat. Waits for a heartbeat in progress.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (next != null) {
            next.cancel();
        }
        for (Map.Entry<String, Held> entry : List.copyOf(held.entrySet())) {
            Held mine = entry.getValue();
            end(entry.getKey(), mine, Level.INFO, "this container stops");
            try {
                rows.release(entry.getKey(), member, mine.term.token());
            } catch (SQLException | RuntimeException e) {
                LOG.log(Level.WARNING, "Estuary failover (" + member + ") could not release its lease of "
                        + entry.getKey() + " (" + e.getMessage() + "); a standby takes over once it runs out");
            }
        }
    }
}
