package org.estuary.lease.renewal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.lease.internal.TimerSlot;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Keeps leases alive for their holder until the expiration the holder wants (LE.3.1, the "renewal class").
 *
 * <p>Each lease is renewed a little before it expires ({@link RenewerSettings#renewalLead()}), with the new term
 * counted from the time the request was sent (LE.2.3). A renewal asks for the lease's renew duration, but never
 * beyond the desired expiration, so the renewer does not keep a lease longer than wanted. Leases whose renewals
 * fall due together and that can batch ({@code Lease.canBatch}) are renewed in one {@code LeaseMap.renewAll}.
 *
 * <p>Failures follow the definite/indefinite rule ({@link org.estuary.core.failure.Failure}): an indefinite failure
 * (the grantor unreachable) is retried with back-off until the lease would expire; a definite one (unknown lease,
 * renewal denied) ends the management at once. Either way, if the lease is lost before its desired expiration the
 * lease's {@link RenewalFailureListener} hears of it once. A lease whose desired expiration is reached is no longer
 * renewed and leaves the renewer when it expires.
 *
 * <p>All scheduling is on the {@link Clock} (one timer for the whole renewer); renewal calls and listener calls run
 * on the executor given, which should be bounded ({@link #newExecutor}): when it refuses work, the renewal counts
 * as an indefinite failure and is retried. Thread-safe.
 */
@ProviderType
public final class LeaseRenewer implements AutoCloseable {

    // Retries never come closer together than this, even just before a lease expires.
    private static final long MIN_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final Clock clock;
    private final Executor executor;
    private final RenewerSettings settings;
    private final long leadNanos;
    private final long windowNanos;
    private final Map<Lease, RenewalEntry> entries = new HashMap<>();
    private final TreeSet<RenewalEntry> queue = new TreeSet<>(RenewalEntry.BY_NEXT_ACTION);
    private final TimerSlot timer;
    private final RenewalCall.Outcomes outcomes = new CallOutcomes();
    private long arrivals;
    private boolean closed;

    /** A renewer with the {@link RenewerSettings#defaults() default settings}. */
    public LeaseRenewer(Clock clock, Executor executor) {
        this(clock, executor, RenewerSettings.defaults());
    }

    /**
     * A renewer scheduling on {@code clock} and calling leases and listeners on {@code executor}.
     *
     * @throws NullPointerException if an argument is null
     */
    public LeaseRenewer(Clock clock, Executor executor, RenewerSettings settings) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.leadNanos = Times.millisToNanos(settings.renewalLead());
        this.windowNanos = Times.millisToNanos(settings.batchWindow());
        this.timer = new TimerSlot(clock, this::wake);
    }

    /**
     * A bounded executor for a renewer ({@link Pools#bounded}): {@code threads} daemon threads named after
     * {@code name} and a queue of at most {@code queueLimit} waiting calls, beyond which work is refused. The caller
     * shuts it down.
     */
    public static ExecutorService newExecutor(String name, int threads, int queueLimit) {
        return Pools.bounded(name, threads, queueLimit);
    }

    /** The settings this renewer times its renewals by. */
    public RenewerSettings settings() {
        return settings;
    }

    /** {@link #renewUntil(Lease, long, long, RenewalFailureListener)} with renew duration {@code Lease.ANY}. */
    public void renewUntil(Lease lease, long desiredExpiration, RenewalFailureListener listener) {
        renewUntil(lease, desiredExpiration, Lease.ANY, listener);
    }

    /**
     * Renews {@code lease} until {@code desiredExpiration} (LE.3.1 {@code addRenew}). A lease already managed is
     * managed from now on with the new arguments.
     *
     * @param lease the lease to keep
     * @param desiredExpiration milliseconds since the epoch, {@code Lease.FOREVER} to renew until told otherwise
     * @param renewDuration the duration each renewal asks for (positive, {@code Lease.ANY} or {@code
     *     Lease.FOREVER}); capped by the time left to the desired expiration
     * @param listener told if the lease is lost before {@code desiredExpiration}; may be null
     * @throws NullPointerException if {@code lease} is null
     * @throws IllegalArgumentException if {@code renewDuration} is neither positive nor {@code Lease.ANY}
     * @throws IllegalStateException if the renewer manages {@code maxLeases} leases already, or is closed
     */
    public void renewUntil(Lease lease, long desiredExpiration, long renewDuration,
            RenewalFailureListener listener) {
        Objects.requireNonNull(lease, "lease");
        if (renewDuration <= 0 && renewDuration != Lease.ANY) {
            throw new IllegalArgumentException("renew duration must be positive, Lease.ANY or Lease.FOREVER: "
                    + renewDuration);
        }
        long leaseExpiration = lease.getExpiration(); // outside the lock: the lease is the holder's object
        synchronized (this) {
            checkOpen();
            RenewalEntry old = entries.get(lease);
            if (old == null && entries.size() >= settings.maxLeases()) {
                throw new IllegalStateException("lease renewer is full: it manages the configured maximum of "
                        + settings.maxLeases() + " leases");
            }
            if (old != null) {
                queue.remove(old); // a renewal of the old entry still in flight is ignored when it returns
            }
            RenewalEntry entry = new RenewalEntry(lease, arrivals++, renewDuration, listener);
            entry.desiredExpiration = desiredExpiration;
            entry.desiredDeadline = clock.deadlineOfWallTime(desiredExpiration);
            entry.termFrom(clock.nanoTime(), clock.deadlineOfWallTime(leaseExpiration), leadNanos);
            entries.put(lease, entry);
            enqueue(entry);
        }
    }

    /** {@link #renewFor(Lease, long, long, RenewalFailureListener)} with renew duration {@code Lease.ANY}. */
    public void renewFor(Lease lease, long desiredDuration, RenewalFailureListener listener) {
        renewFor(lease, desiredDuration, Lease.ANY, listener);
    }

    /**
     * Renews {@code lease} for {@code desiredDuration} milliseconds from now ({@code Lease.FOREVER} for no end; a
     * sum past the end of time means no end), as {@link #renewUntil(Lease, long, long, RenewalFailureListener)}.
     *
     * @throws IllegalArgumentException if {@code desiredDuration} is negative
     */
    public void renewFor(Lease lease, long desiredDuration, long renewDuration, RenewalFailureListener listener) {
        if (desiredDuration < 0) {
            throw new IllegalArgumentException("desired duration must not be negative: " + desiredDuration);
        }
        long desired = desiredDuration == Lease.FOREVER ? Lease.FOREVER
                : Times.saturatedAdd(clock.currentTimeMillis(), desiredDuration);
        renewUntil(lease, desired, renewDuration, listener);
    }

    /**
     * The expiration up to which {@code lease} is renewed (LE.3.1), not the lease's own expiration.
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease (never did, or it expired, failed,
     *     was cancelled or removed)
     */
    public synchronized long getExpiration(Lease lease) throws UnknownLeaseException {
        return entry(lease).desiredExpiration;
    }

    /**
     * Changes the expiration up to which {@code lease} is renewed (LE.3.1). An earlier time stops renewals sooner;
     * it does not shorten the lease's current term.
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease
     */
    public synchronized void setExpiration(Lease lease, long desiredExpiration) throws UnknownLeaseException {
        RenewalEntry entry = entry(lease);
        queue.remove(entry);
        entry.desiredExpiration = desiredExpiration;
        entry.desiredDeadline = clock.deadlineOfWallTime(desiredExpiration);
        enqueue(entry);
    }

    /**
     * Stops managing {@code lease} and cancels it at its grantor (LE.3.1), in the calling thread.
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease, or the grantor does not know it
     * @throws RemoteException if the grantor could not be reached; the renewer has let go of the lease anyway
     */
    public void cancel(Lease lease) throws UnknownLeaseException, RemoteException {
        remove(lease);
        lease.cancel();
    }

    /**
     * Stops managing {@code lease} without cancelling it; the lease runs out at its current expiration unless the
     * holder renews it.
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease
     */
    public synchronized void remove(Lease lease) throws UnknownLeaseException {
        RenewalEntry entry = entry(lease);
        entries.remove(lease);
        queue.remove(entry);
    }

    /**
     * Sets the listener told if {@code lease} is lost before its desired expiration (LE.3.1
     * {@code setLeaseExpireListener}); null removes it.
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease
     */
    public synchronized void setListener(Lease lease, RenewalFailureListener listener)
            throws UnknownLeaseException {
        entry(lease).listener = listener;
    }

    /**
     * Removes the listener of {@code lease} (LE.3.1 {@code removeLeaseExpireListener}).
     *
     * @throws UnknownLeaseException if the renewer does not manage the lease
     */
    public void removeListener(Lease lease) throws UnknownLeaseException {
        setListener(lease, null);
    }

    /** The number of leases managed. */
    public synchronized int size() {
        return entries.size();
    }

    /**
     * Stops renewing: every lease is let go (not cancelled) and later calls fail with
     * {@link IllegalStateException}. Does not shut down the executor.
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            entries.clear();
            queue.clear();
        }
        timer.close();
    }

    private RenewalEntry entry(Lease lease) throws UnknownLeaseException {
        Objects.requireNonNull(lease, "lease");
        RenewalEntry entry = entries.get(lease);
        if (entry == null) {
            throw new UnknownLeaseException("lease not managed by this renewer: " + lease);
        }
        return entry;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("lease renewer is closed");
        }
    }

    // Guarded by this. The entry must not be in the queue.
    private void enqueue(RenewalEntry entry) {
        entry.nextAt = entry.computeNextAt();
        if (entry.nextAt != Clock.NEVER) {
            queue.add(entry);
            timer.armAt(entry.nextAt);
        }
    }

    private boolean isCurrent(RenewalEntry entry) {
        return !closed && entries.get(entry.lease) == entry;
    }

    // The timer fired: drop expired leases, start the renewals that are due, re-arm.
    private void wake() {
        List<RenewalCall> calls = new ArrayList<>();
        List<RenewalFailure> failures = new ArrayList<>();
        List<RenewalFailureListener> listeners = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            long now = clock.nanoTime();
            List<RenewalEntry> due = new ArrayList<>();
            while (!queue.isEmpty() && queue.first().nextAt <= now) {
                RenewalEntry entry = queue.pollFirst();
                if (now >= entry.leaseDeadline) {
                    entries.remove(entry.lease);
                    if (entry.needsRenewal() && entry.listener != null) {
                        // LE.3.1: the lease expired before its desired expiration (renewals kept failing).
                        failures.add(new RenewalFailure(entry.lease, entry.desiredExpiration, entry.lastFailure,
                                false));
                        listeners.add(entry.listener);
                    }
                } else if (entry.needsRenewal() && !entry.inFlight) {
                    due.add(entry);
                } else {
                    enqueue(entry);
                }
            }
            if (!due.isEmpty()) {
                joinBatchPartners(due, now);
                calls = startCalls(due, now);
            }
            if (!queue.isEmpty()) {
                timer.armAt(queue.first().nextAt);
            }
        }
        for (RenewalCall call : calls) {
            submit(call);
        }
        for (int i = 0; i < failures.size(); i++) {
            tell(listeners.get(i), failures.get(i));
        }
    }

    // LE.3.1: leases that can batch with a due one and fall due within the window go in the same call.
    private void joinBatchPartners(List<RenewalEntry> due, long now) {
        if (windowNanos == 0) {
            return;
        }
        long horizon = Times.saturatedAdd(now, windowNanos);
        Iterator<RenewalEntry> waiting = queue.iterator();
        while (waiting.hasNext()) {
            RenewalEntry entry = waiting.next();
            if (entry.nextAt > horizon) {
                break;
            }
            if (!entry.inFlight && entry.needsRenewal() && entry.renewAt <= horizon && batchesWithAny(due, entry)) {
                waiting.remove();
                due.add(entry);
            }
        }
    }

    private static boolean batchesWithAny(List<RenewalEntry> due, RenewalEntry candidate) {
        for (RenewalEntry entry : due) {
            if (entry.lease.canBatch(candidate.lease)) {
                return true;
            }
        }
        return false;
    }

    private List<RenewalCall> startCalls(List<RenewalEntry> due, long now) {
        List<List<RenewalEntry>> groups = new ArrayList<>();
        next:
        for (RenewalEntry entry : due) {
            entry.inFlight = true;
            enqueue(entry); // watched for expiry while the call is out
            for (List<RenewalEntry> group : groups) {
                if (group.get(0).lease.canBatch(entry.lease)) {
                    group.add(entry);
                    continue next;
                }
            }
            List<RenewalEntry> group = new ArrayList<>();
            group.add(entry);
            groups.add(group);
        }
        List<RenewalCall> calls = new ArrayList<>();
        for (List<RenewalEntry> group : groups) {
            long[] durations = new long[group.size()];
            for (int i = 0; i < durations.length; i++) {
                durations[i] = requestedDuration(group.get(i), now);
            }
            calls.add(new RenewalCall(clock, group, durations, outcomes));
        }
        return calls;
    }

    // Never ask past the desired expiration: the holder does not want the resource longer (LE.3.1).
    private static long requestedDuration(RenewalEntry entry, long now) {
        if (entry.desiredDeadline == Clock.NEVER) {
            return entry.renewDuration;
        }
        long left = Math.max(1, Times.nanosToMillisCeiling(entry.desiredDeadline - now));
        return entry.renewDuration == Lease.ANY ? left : Math.min(entry.renewDuration, left);
    }

    private void submit(RenewalCall call) {
        try {
            executor.execute(call);
        } catch (RejectedExecutionException e) {
            call.rejected(e);
        }
    }

    private void tell(RenewalFailureListener listener, RenewalFailure failure) {
        Runnable notice = () -> {
            try {
                listener.renewalFailed(failure);
            } catch (RuntimeException e) {
                Thread thread = Thread.currentThread();
                thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
            }
        };
        try {
            executor.execute(notice);
        } catch (RejectedExecutionException e) {
            notice.run(); // a lost lease must not go unreported because the executor is busy
        }
    }

    private final class CallOutcomes implements RenewalCall.Outcomes {

        @Override
        public void renewed(RenewalEntry entry, long sentNanos, long sentWall, long expiration) {
            synchronized (LeaseRenewer.this) {
                if (!isCurrent(entry)) {
                    return;
                }
                queue.remove(entry);
                entry.inFlight = false;
                // LE.2.3: the term granted runs from the moment the request was sent.
                long deadline = expiration == Lease.FOREVER ? Clock.NEVER
                        : Times.saturatedAdd(sentNanos, Times.millisToNanos(Times.saturatedSubtract(expiration,
                                sentWall)));
                entry.termFrom(sentNanos, deadline, leadNanos);
                enqueue(entry);
            }
        }

        @Override
        public void failed(RenewalEntry entry, Throwable cause, boolean definite) {
            RenewalFailureListener listener;
            synchronized (LeaseRenewer.this) {
                if (!isCurrent(entry)) {
                    return;
                }
                queue.remove(entry);
                entry.inFlight = false;
                entry.lastFailure = cause;
                long now = clock.nanoTime();
                if (!definite && now < entry.leaseDeadline) {
                    entry.renewAt = now + retryDelay(entry, entry.leaseDeadline - now);
                    enqueue(entry);
                    return;
                }
                entries.remove(entry.lease);
                listener = entry.listener;
            }
            if (listener != null) {
                tell(listener, new RenewalFailure(entry.lease, entry.desiredExpiration, cause, definite));
            }
        }

        // Doubling back-off, never more than half the time left, so a few retries fit before the lease expires.
        private long retryDelay(RenewalEntry entry, long left) {
            long initial = Times.millisToNanos(settings.retryInitial());
            long maximum = Times.millisToNanos(settings.retryMaximum());
            long backoff = entry.backoff == 0 ? initial : entry.backoff;
            entry.backoff = Math.min(maximum, Times.saturatedAdd(backoff, backoff));
            long delay = Math.min(backoff, left / 2);
            return Math.max(delay, Math.min(MIN_RETRY_NANOS, left));
        }
    }
}
