package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.LeaseMapException;

import org.estuary.core.concurrent.SlowCalls;
import org.estuary.core.failure.Failure;
import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.io.Marshalled;
import org.estuary.io.RateLimitedLog;
import org.estuary.io.ReadScope;
import org.estuary.lease.client.LandlordLease;
import org.estuary.lease.durable.WallClockWatch;

/**
 * Keeps client leases renewed (LR.2): decides for each entry when it is due whether to drop it (desired
 * expiration reached), fail it (actual expiration reached first), leave it (actual already beyond desired) or
 * renew it; renews the due leases that can batch together with one {@link LeaseMap#renewAll} across sets; retries
 * indefinite failures with back-off until the lease would leave the set; applies the results under the service
 * lock, ignoring results for entries that changed or left meanwhile. Reads and changes entries only under the
 * state's lock; the renewal calls and the marshalling of their results run outside it.
 *
 * <p>A landlord that does not answer holds up only its own leases: at most one call per landlord is in flight
 * ({@link BusyLandlords}), and a call still running after {@code slow.call.ms} is set aside ({@link SlowCalls}),
 * so the renewal threads go on with the other landlords' leases.
 */
final class RenewalScheduler {

    private static final System.Logger LOG = System.getLogger(RenewalScheduler.class.getName());

    private final RenewalState state;
    private final Clock clock;
    private final Executor executor;
    private final Settings settings;
    private final SlowCalls slow;
    /** Guarded by the state's lock. */
    private final Agenda agenda;
    /** Guarded by the state's lock. */
    private final BusyLandlords busy = new BusyLandlords();

    /** @param executor runs the renewal calls; when it is a pool, it gets a thread per call set aside */
    RenewalScheduler(RenewalState state, Executor executor) {
        this.state = state;
        this.clock = state.clock;
        this.executor = executor;
        this.settings = state.settings;
        this.slow = new SlowCalls(clock, settings.slowCallMillis, settings.maxSlowCalls,
                executor instanceof ThreadPoolExecutor ? (ThreadPoolExecutor) executor : null,
                new RateLimitedLog(LOG)::warn);
        this.agenda = new Agenda(clock, this::tick);
        state.sets.whenRemoved(agenda::forget);
    }

    /** Under the lock: look at {@code entry} now (new, changed or recovered). */
    void now(ClientEntry entry) {
        agenda.schedule(entry, clock.nanoTime());
    }

    /** Under the lock: the next time {@code entry} needs attention after a success or a change. */
    void plan(ClientEntry entry) {
        long now = clock.nanoTime();
        long desiredAt = entry.desiredAt;
        long actualAt = entry.actualAt;
        if (entry.live != null && actualAt >= desiredAt) {
            agenda.schedule(entry, desiredAt); // LR.2: never renewed; stays until its desired expiration
            return;
        }
        long renewAt;
        if (entry.lastFailure != null || entry.live == null) {
            renewAt = Times.saturatedAdd(now, Times.millisToNanos(entry.retryDelayMillis));
        } else {
            long left = actualAt - now;
            long lead = Math.min(Times.millisToNanos(settings.renewalLeadMillis), left / 2);
            renewAt = actualAt - lead;
            long window = Times.millisToNanos(settings.batchWindowMillis);
            if (window > 0 && renewAt - window > now) {
                renewAt -= Math.floorMod(renewAt, window); // leases due close together go out in one batch
            }
        }
        agenda.schedule(entry, Math.max(now, Math.min(renewAt, Math.min(desiredAt, actualAt))));
    }

    void close() {
        synchronized (state.lock) {
            agenda.close();
        }
    }

    int scheduled() {
        return agenda.size();
    }

    /** Timer: sorts the due entries under the lock, then renews outside it. */
    private void tick() {
        Batches batches = new Batches();
        synchronized (state.lock) {
            long now = clock.nanoTime();
            for (ClientEntry entry : agenda.popDue(now)) {
                if (entry.removed || entry.renewing) {
                    continue;
                }
                if (entry.desiredAt <= now) {
                    state.drop(entry, false, null); // LR.2: desired expiration reached, no event
                    continue;
                }
                if (entry.live == null && !state.revive(entry)) {
                    entry.retryDelayMillis = nextDelay(entry.retryDelayMillis);
                }
                if (entry.actualAt <= now && !(entry.unconfirmed && entry.live != null)) {
                    state.drop(entry, true, entry.lastFailure); // LR.2.1: actual before desired
                    continue;
                }
                entry.unconfirmed = false; // one renewal attempt decides a recovered lease whose record lags
                if (entry.live == null || entry.actualAt >= entry.desiredAt) {
                    plan(entry);
                    continue;
                }
                Set<ClientEntry> waiting = busy.waiting(entry.live);
                if (waiting != null) {
                    // One call per landlord: this one goes out when the call in flight there ends; it still
                    // leaves the set on time if that call outlasts its expiration.
                    waiting.add(entry);
                    agenda.schedule(entry, entry.actualAt > now ? Math.min(entry.actualAt, entry.desiredAt)
                            : entry.desiredAt);
                    continue;
                }
                entry.renewing = true;
                batches.add(new Call(entry, entry.version, entry.requestAt(now), now, clock));
            }
            for (List<Call> batch : batches.all) {
                busy.start(batch.get(0).lease);
            }
        }
        for (List<Call> batch : batches.all) {
            try {
                executor.execute(() -> renew(batch));
            } catch (RejectedExecutionException e) {
                finish(batch, new java.rmi.RemoteException("renewal queue full (renewal.queue="
                        + settings.renewalQueue + "); retrying", e));
            }
        }
    }

    /**
     * The due calls of one tick, grouped into batches that can go out as one {@code LeaseMap} (LR.2). Estuary's
     * own {@link LandlordLease}s batch exactly when their landlord ids are equal (LE.2.2), so they are grouped by
     * that id in one lookup; other leases are asked {@code canBatch} batch by batch.
     */
    private static final class Batches {
        final List<List<Call>> all = new ArrayList<>();
        private final Map<UUID, List<Call>> byLandlord = new HashMap<>();
        private final List<List<Call>> others = new ArrayList<>();

        void add(Call call) {
            if (call.lease instanceof LandlordLease) {
                byLandlord.computeIfAbsent(((LandlordLease) call.lease).landlordId(), id -> newBatch()).add(call);
                return;
            }
            for (List<Call> batch : others) {
                if (batch.get(0).lease.canBatch(call.lease)) {
                    batch.add(call);
                    return;
                }
            }
            List<Call> batch = newBatch();
            batch.add(call);
            others.add(batch);
        }

        private List<Call> newBatch() {
            List<Call> batch = new ArrayList<>();
            all.add(batch);
            return batch;
        }
    }

    /** LR.2 item 3: one call per batch; each lease's outcome independent. */
    private void renew(List<Call> batch) {
        try (SlowCalls.Call watched = slow.start(describe(batch), null)) {
            call(batch);
        }
        for (Call call : batch) {
            if (call.failure == null) {
                // Marshalled here, outside the service lock, so renewal threads serialize in parallel.
                try {
                    call.snapshot = state.admission.record(call.lease); // only this thread renews it while out
                    call.encode(state.records, clock);
                } catch (IOException | RuntimeException e) {
                    call.snapshot = null; // renewed, but this renewal cannot be recorded; the old record stays
                }
            }
        }
        finish(batch, null);
    }

    /** What the report of a slow call names: the landlord's id or the lease class, never a client's toString. */
    private static String describe(List<Call> batch) {
        Lease first = batch.get(0).lease;
        String landlord = first instanceof LandlordLease ? "landlord " + ((LandlordLease) first).landlordId()
                : "the landlord of a " + first.getClass().getName();
        return "a renewal call to " + landlord + " (" + batch.size() + (batch.size() == 1 ? " lease)" : " leases)");
    }

    private void call(List<Call> batch) {
        if (batch.size() == 1) {
            Call call = batch.get(0);
            try (ReadScope.Entered reading = state.replies.enter()) { // the landlord's answer: our allowlist
                call.lease.renew(call.duration);
            } catch (Exception | LinkageError e) {
                call.failure = e;
            }
        } else {
            try (ReadScope.Entered reading = state.replies.enter()) {
                LeaseMap map = batch.get(0).lease.createLeaseMap(batch.get(0).duration);
                for (Call call : batch.subList(1, batch.size())) {
                    map.put(call.lease, call.duration);
                }
                map.renewAll();
            } catch (LeaseMapException e) {
                Map<?, ?> failed = e.exceptionMap;
                for (Call call : batch) {
                    Object thrown = failed.get(call.lease);
                    if (thrown instanceof Throwable) {
                        call.failure = (Throwable) thrown;
                    }
                }
            } catch (Exception | LinkageError e) {
                for (Call call : batch) {
                    call.failure = e; // no result is known for any of them: retry if indefinite
                }
            }
        }
    }

    private void finish(List<Call> batch, Throwable all) {
        Round round = new Round(state.persistence);
        synchronized (state.lock) {
            long now = clock.nanoTime();
            for (ClientEntry waited : busy.end(batch.get(0).lease)) {
                if (!waited.removed && !waited.renewing) {
                    agenda.schedule(waited, now); // its landlord answered: decide afresh
                }
            }
            for (Call call : batch) {
                ClientEntry entry = call.entry;
                entry.renewing = false;
                if (entry.removed) {
                    continue;
                }
                Throwable failure = all != null ? all : call.failure;
                if (entry.version != call.version) {
                    if (failure == null) {
                        entry.actualIs(entry.live == call.lease ? call.renewedExpiration(clock)
                                : entry.live.getExpiration(), clock);
                    }
                    plan(entry); // changed meanwhile (renewFor again): apply the result, decide afresh
                    continue;
                }
                if (failure == null) {
                    state.metrics.renewals.inc();
                    if (call.snapshot != null && call.steppedSinceEncoded(clock)) {
                        call.encode(state.records, clock); // the wall clock stepped since (LE.2.2)
                    }
                    entry.actualIs(call.renewedExpiration(clock), clock);
                    entry.unconfirmed = call.steppedWhileOut(clock); // then its next renewal decides, not the time
                    entry.lastFailure = null;
                    entry.retryDelayMillis = 0;
                    entry.version++;
                    if (call.snapshot != null) {
                        round.add(entry, call.snapshot, call.renewedTo, call.record);
                    }
                    plan(entry);
                } else if (Failure.of(failure).isDefinite()) {
                    state.metrics.renewalFailures.inc();
                    state.drop(entry, true, failure); // LR.2.1: definite exception
                } else {
                    state.metrics.renewalRetries.inc();
                    entry.lastFailure = failure; // LR.2: retry until the lease would leave the set
                    entry.retryDelayMillis = nextDelay(entry.retryDelayMillis);
                    plan(entry);
                }
            }
            round.write(); // one store batch for the whole round, not one per lease
        }
    }

    private int nextDelay(int previous) {
        long next = previous == 0 ? settings.retryInitialMillis : Math.min(previous * 2L, settings.retryMaxMillis);
        return (int) Math.min(next, Integer.MAX_VALUE);
    }

    private static final class Call {
        final ClientEntry entry;
        final Lease lease;
        final long version;
        final long duration;
        /**
         * The entry's desired expiration (a monotonic deadline) and renew duration when the call was made; still its
         * own at finish if the version is unchanged.
         */
        final long desiredAt;
        final long renewDuration;
        /** When the call was made ({@code clock.nanoTime()}) and the wall-clock time of that moment then. */
        final long madeAt;
        final long wallAtMade;
        /** The wall-clock time of {@link #desiredAt} that {@link #record} holds. */
        long desired;
        Throwable failure;
        Marshalled<Lease> snapshot;
        /** The expiration the renewal gave the lease, which {@link #snapshot} holds. */
        long renewedTo;
        /** The store record of the renewed lease, encoded with {@link #snapshot}. */
        byte[] record;

        Call(ClientEntry entry, long version, long duration, long now, Clock clock) {
            this.entry = entry;
            this.lease = entry.live;
            this.version = version;
            this.duration = duration;
            this.desiredAt = entry.desiredAt;
            this.renewDuration = entry.renewDuration;
            this.madeAt = now;
            this.wallAtMade = clock.wallTimeOfDeadline(now);
        }

        /**
         * The renewed lease's expiration on the wall clock as it reads now. The lease counts its expiration from the
         * time it sent the request (LE.2.3), read from the same wall clock: if that clock stepped while the call was
         * out, the send time may have been read on either side of the step, and the earlier of the two readings is
         * taken, so that the lease is renewed early rather than after its landlord dropped it.
         */
        long renewedExpiration(Clock clock) {
            long expiration = lease.getExpiration();
            long step = wallStep(clock, madeAt, wallAtMade);
            return stepped(step) ? Math.min(expiration, Times.saturatedAdd(expiration, step)) : expiration;
        }

        /** Whether the wall clock stepped by more than the watch's bound since the call was made. */
        boolean steppedWhileOut(Clock clock) {
            return stepped(wallStep(clock, madeAt, wallAtMade));
        }

        /**
         * Encodes the record of the renewed lease, its expirations as the wall clock reads now: a record written after
         * a step of the wall clock carries stepped times, as the service's restatement writes them (LR.2, LE.2.2),
         * also when the step came while this call was out.
         */
        void encode(Records records, Clock clock) {
            renewedTo = renewedExpiration(clock);
            desired = clock.wallTimeOfDeadline(desiredAt);
            record = records.encodeLease(entry.setId, desired, renewDuration, renewedTo, snapshot);
        }

        /** Whether the wall clock stepped by more than the watch's bound since {@link #encode} read it. */
        boolean steppedSinceEncoded(Clock clock) {
            return stepped(wallStep(clock, desiredAt, desired));
        }

        /**
         * How far the wall clock moved against the monotonic one since it put {@code deadline} at {@code wallThen}:
         * the wall-clock time of the deadline now less that reading (0 when neither clock stepped).
         */
        private static long wallStep(Clock clock, long deadline, long wallThen) {
            return Times.saturatedSubtract(clock.wallTimeOfDeadline(deadline), wallThen);
        }

        /** Beyond the watch's bound: a step of the wall clock, not its slewing or the rounding of two readings. */
        private static boolean stepped(long wallStep) {
            return Math.abs(wallStep) > WallClockWatch.BOUND_MILLIS;
        }
    }
}
