package org.estuary.lease;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.function.LongSupplier;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.lease.internal.LeaseIndex;
import org.estuary.lease.internal.TimerSlot;
import org.osgi.annotation.versioning.ProviderType;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;

/**
 * The leases a grantor has handed out: resources of type {@code R} keyed by a {@code long} lease id, each with a
 * deadline on the {@link Clock}'s monotonic time, and one timer for the earliest deadline. When a lease expires or
 * is cancelled, the table drops it and tells the owning service through its {@link LeaseListener}.
 *
 * <p>Costs at a million leases: grant, cancel and expiry are O(log n); renew is O(1) when it moves a deadline later
 * (the usual case) and O(log n) when it moves it earlier; about 80 to 170 bytes of heap per lease (by the growth
 * step of its arrays) besides the resource (primitive arrays, no per-lease objects). The number of leases is bounded
 * by {@code maxLeases}; a grant beyond it gets a {@link LeaseDeniedException} saying so.
 *
 * <p>A lease whose deadline has passed is unknown (LE.2.2) at once, even before the expiry timer has run and told
 * the service. Lease ids are non-zero and never reused by a table; they start at a random point of the 64-bit
 * range so that a restarted service without persistent state does not hand out the ids of its previous life to
 * new holders while old holders may still call with them. Consecutive ids are easy to guess from one's own: a service
 * whose lease id is also what lets a caller act on the leased resource (a transaction's id, TX.2.1) gives the table
 * its own id source instead ({@link #LeaseTable(Clock, LeasePolicy, int, LeaseListener, LongSupplier)}), such as a
 * {@code SecureRandom}.
 *
 * <p>The table implements {@link Landlord}, so a grantor with nothing to persist can export it directly; a service
 * that persists its leases implements {@code Landlord} itself and calls the table after (or before) its store.
 * Thread-safe.
 */
@ProviderType
public final class LeaseTable<R> implements Landlord {

    // Expirations handled per timer run: bounds the time the table's lock and the clock's timer thread are held
    // when many leases expire together; the rest follow in the next run, scheduled at once.
    private static final int EXPIRY_BATCH = 4096;

    private final Clock clock;
    private final LeasePolicy policy;
    private final int maxLeases;
    private final LeaseListener<? super R> listener;
    private final LeaseIndex index;
    private final TimerSlot timer;
    private final LongSupplier ids;
    private boolean closed;
    // The wall clock as last read, and the monotonic time of that read (see wallTimeAt).
    private long wallReadMillis;
    private long wallReadNanos;
    private boolean wallRead;

    /**
     * An empty table.
     *
     * @param clock the time source and timer for deadlines
     * @param policy how requested durations become granted ones
     * @param maxLeases the most leases the table holds at once
     * @param listener told of every expiry and cancellation
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code maxLeases} is not positive
     */
    public LeaseTable(Clock clock, LeasePolicy policy, int maxLeases, LeaseListener<? super R> listener) {
        this(clock, policy, maxLeases, listener, consecutiveFrom(new SecureRandom().nextLong()));
    }

    /**
     * An empty table whose lease ids come from {@code ids}: each grant takes the first id it supplies that is not 0
     * and not held by the table. For ids a caller must not be able to guess, pass a {@code SecureRandom}'s
     * {@code nextLong}; an id then repeats one a table held before with a chance of about one in 2<sup>64</sup>.
     *
     * @param ids proposes lease ids; called under the table's lock
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code maxLeases} is not positive
     * @since 1.2
     */
    public LeaseTable(Clock clock, LeasePolicy policy, int maxLeases, LeaseListener<? super R> listener,
            LongSupplier ids) {
        this.ids = Objects.requireNonNull(ids, "ids");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.listener = Objects.requireNonNull(listener, "listener");
        if (maxLeases <= 0) {
            throw new IllegalArgumentException("maxLeases must be positive: " + maxLeases);
        }
        this.maxLeases = maxLeases;
        this.index = new LeaseIndex(Math.min(maxLeases, 1024));
        this.timer = new TimerSlot(clock, this::expireDue);
    }

    /** Consecutive ids from {@code first}: never repeated before the 64-bit range wraps. */
    private static LongSupplier consecutiveFrom(long first) {
        long[] next = {first};
        return () -> next[0]++;
    }

    /** The policy this table grants by. */
    public LeasePolicy policy() {
        return policy;
    }

    /** The most leases this table holds at once. */
    public int maxLeases() {
        return maxLeases;
    }

    /**
     * Grants a lease on {@code resource} for {@code duration} milliseconds as the policy allows (LE.2.2).
     *
     * @throws LeaseDeniedException if the table already holds {@code maxLeases} leases
     * @throws IllegalArgumentException if {@code duration} is neither positive nor {@code Lease.ANY}
     * @throws NullPointerException if {@code resource} is null
     * @throws IllegalStateException if the table is closed
     */
    public LeaseGrant grant(R resource, long duration) throws LeaseDeniedException {
        Objects.requireNonNull(resource, "resource");
        long granted = policy.grant(duration);
        synchronized (this) {
            checkOpen();
            checkRoom();
            long id = newId();
            long deadline = clock.deadlineAfterMillis(granted);
            long expiration = expirationOf(granted, clock.currentTimeMillis());
            index.insert(id, deadline, expiration, resource);
            timer.armAt(deadline);
            return new LeaseGrant(id, granted, expiration);
        }
    }

    /**
     * Puts back a lease a service recovered from its store after a restart, with the expiration it had (epoch
     * milliseconds on the wall clock, {@code Lease.FOREVER} for none). A lease whose expiration has passed is
     * expired by the next timer run, so the listener hears of it like of any other expiry.
     *
     * @throws IllegalArgumentException if {@code leaseId} is 0 or already in the table
     * @throws LeaseDeniedException if the table already holds {@code maxLeases} leases
     * @throws NullPointerException if {@code resource} is null
     * @throws IllegalStateException if the table is closed
     */
    public void restore(long leaseId, R resource, long expiration) throws LeaseDeniedException {
        Objects.requireNonNull(resource, "resource");
        if (leaseId == 0) {
            throw new IllegalArgumentException("lease id 0 is reserved");
        }
        synchronized (this) {
            checkOpen();
            if (index.find(leaseId) >= 0) {
                throw new IllegalArgumentException("lease " + leaseId + " is already in the table");
            }
            checkRoom();
            long deadline = clock.deadlineOfWallTime(expiration);
            index.insert(leaseId, deadline, expiration, resource);
            timer.armAt(deadline);
        }
    }

    /**
     * Renews lease {@code leaseId} for {@code duration} milliseconds from now, as the policy allows (LE.2.2).
     *
     * @return the granted duration in milliseconds
     * @throws UnknownLeaseException if the lease is unknown, expired or cancelled
     * @throws IllegalArgumentException if {@code duration} is neither positive nor {@code Lease.ANY}
     * @throws IllegalStateException if the table is closed
     */
    @Override
    public long renew(long leaseId, long duration) throws UnknownLeaseException {
        long granted = policy.grant(duration);
        synchronized (this) {
            checkOpen();
            long now = clock.nanoTime();
            renewLocked(leaseId, granted, now, wallTimeAt(now));
        }
        return granted;
    }

    /**
     * Cancels lease {@code leaseId} (LE.2.2) and calls {@link LeaseListener#cancelled} before returning.
     *
     * @throws UnknownLeaseException if the lease is unknown, expired or already cancelled
     * @throws IllegalStateException if the table is closed
     */
    @Override
    public void cancel(long leaseId) throws UnknownLeaseException {
        Object resource;
        synchronized (this) {
            checkOpen();
            resource = cancelLocked(leaseId, clock.nanoTime());
        }
        notifyCancelled(leaseId, resource);
    }

    /**
     * Renews each lease of the batch independently (LE.2.2 {@code LeaseMap.renewAll}), under one lock.
     *
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if the arrays differ in length
     * @throws IllegalStateException if the table is closed
     */
    @Override
    public RenewResults renewAll(long[] leaseIds, long[] durations) {
        Objects.requireNonNull(leaseIds, "leaseIds");
        Objects.requireNonNull(durations, "durations");
        if (leaseIds.length != durations.length) {
            throw new IllegalArgumentException(
                    leaseIds.length + " lease ids but " + durations.length + " durations");
        }
        long[] granted = new long[leaseIds.length];
        Exception[] failures = new Exception[leaseIds.length];
        synchronized (this) {
            checkOpen();
            long now = clock.nanoTime();
            long wallNow = wallTimeAt(now);
            for (int i = 0; i < leaseIds.length; i++) {
                try {
                    granted[i] = policy.grant(durations[i]);
                    renewLocked(leaseIds[i], granted[i], now, wallNow);
                } catch (UnknownLeaseException | IllegalArgumentException e) {
                    failures[i] = e;
                }
            }
        }
        return new RenewResults(granted, failures);
    }

    /**
     * Cancels each lease of the batch independently (LE.2.2 {@code LeaseMap.cancelAll}), calling
     * {@link LeaseListener#cancelled} for each cancelled one before returning.
     *
     * @throws NullPointerException if the array is null
     * @throws IllegalStateException if the table is closed
     */
    @Override
    public Exception[] cancelAll(long[] leaseIds) {
        Objects.requireNonNull(leaseIds, "leaseIds");
        Exception[] failures = new Exception[leaseIds.length];
        Object[] resources = new Object[leaseIds.length];
        synchronized (this) {
            checkOpen();
            long now = clock.nanoTime();
            for (int i = 0; i < leaseIds.length; i++) {
                try {
                    resources[i] = cancelLocked(leaseIds[i], now);
                } catch (UnknownLeaseException e) {
                    failures[i] = e;
                }
            }
        }
        // Every cancelled lease is reported even if a callback fails; the first failure reaches the caller.
        RuntimeException firstFailure = null;
        for (int i = 0; i < leaseIds.length; i++) {
            if (resources[i] != null) {
                try {
                    notifyCancelled(leaseIds[i], resources[i]);
                } catch (RuntimeException e) {
                    if (firstFailure == null) {
                        firstFailure = e;
                    } else {
                        firstFailure.addSuppressed(e);
                    }
                }
            }
        }
        if (firstFailure != null) {
            throw firstFailure;
        }
        return failures;
    }

    /** The resource of live lease {@code leaseId}, or null if it is unknown, expired or cancelled. */
    @SuppressWarnings("unchecked")
    public synchronized R get(long leaseId) {
        int slot = index.find(leaseId);
        if (slot < 0 || index.deadline(slot) <= clock.nanoTime()) {
            return null;
        }
        return (R) index.resource(slot);
    }

    /**
     * The expiration of live lease {@code leaseId} in milliseconds since the epoch ({@code Lease.FOREVER} for
     * none): the wall-clock time its grant, last renewal or {@link #restore} gave (LE.2.2), what a service persists
     * so that {@code restore} can put the lease back after a restart. It changes only when the lease is renewed, so
     * a larger value means a renewal; when the lease actually ends is decided by its monotonic deadline, which a
     * step of the wall clock does not move.
     *
     * @throws UnknownLeaseException if the lease is unknown, expired or cancelled
     */
    public synchronized long expiration(long leaseId) throws UnknownLeaseException {
        return index.expiration(liveSlot(leaseId, clock.nanoTime()));
    }

    /**
     * When live lease {@code leaseId} ends on the {@link Clock}'s monotonic time ({@link Clock#NEVER} for never), or
     * {@code Long.MIN_VALUE} if the table does not hold it live (unknown, expired or cancelled). Unlike a deadline
     * worked out from {@link #expiration} against the wall clock, a step of the wall clock does not move it: what a
     * service bounds work done under the lease by, such as the delivery of its events (LE.2.2).
     */
    public synchronized long deadline(long leaseId) {
        int slot = index.find(leaseId);
        if (slot < 0) {
            return Long.MIN_VALUE;
        }
        long deadline = index.deadline(slot);
        return deadline <= clock.nanoTime() ? Long.MIN_VALUE : deadline;
    }

    /**
     * Restates the expiration of live lease {@code leaseId} as the wall-clock time of its monotonic deadline, as the
     * wall clock reads now, and returns it ({@code Lease.FOREVER} stays). After a step of the wall clock, the
     * expiration a lease was granted or renewed to is off by the step while its deadline is not; a service that
     * records the restated expiration makes {@link #restore} after a restart put the lease back at its deadline
     * (LE.2.2). The deadline does not change.
     *
     * @throws UnknownLeaseException if the lease is unknown, expired or cancelled
     * @since 2.2
     */
    public synchronized long restate(long leaseId) throws UnknownLeaseException {
        int slot = liveSlot(leaseId, clock.nanoTime());
        long deadline = index.deadline(slot);
        long expiration = index.expiration(slot) == Lease.FOREVER ? Lease.FOREVER : clock.wallTimeOfDeadline(deadline);
        index.renew(slot, deadline, expiration);
        return expiration;
    }

    /**
     * Takes lease {@code leaseId} out of the table without telling the listener, for a service that ends a lease
     * for reasons of its own (a transaction completed, a registration replaced). Expired leases not yet swept are
     * taken out too.
     *
     * @return the lease's resource, or null if the table does not hold it
     */
    @SuppressWarnings("unchecked")
    public synchronized R remove(long leaseId) {
        int slot = index.find(leaseId);
        return slot < 0 ? null : (R) index.remove(slot);
    }

    /** The number of leases held, counting expired ones the timer has not swept yet. */
    public synchronized int size() {
        return index.size();
    }

    /** The ids of all leases held, for a service's console or a consistency check. */
    public synchronized long[] leaseIds() {
        return index.ids();
    }

    /** Stops the expiry timer; later calls fail with {@link IllegalStateException}. The listener is not called. */
    public void close() {
        synchronized (this) {
            closed = true;
        }
        timer.close();
    }

    private void renewLocked(long leaseId, long granted, long now, long wallNow) throws UnknownLeaseException {
        int slot = liveSlot(leaseId, now);
        // LE.2.2: the duration runs from now; it is not added to the current term.
        long deadline = Times.saturatedAdd(now, Times.millisToNanos(granted));
        index.renew(slot, deadline, expirationOf(granted, wallNow));
        timer.armAt(deadline);
    }

    private Object cancelLocked(long leaseId, long now) throws UnknownLeaseException {
        return index.remove(liveSlot(leaseId, now));
    }

    private int liveSlot(long leaseId, long now) throws UnknownLeaseException {
        int slot = index.find(leaseId);
        if (slot < 0) {
            throw new UnknownLeaseException("unknown lease " + leaseId);
        }
        if (index.deadline(slot) <= now) {
            // LE.2.2: an expired lease is unknown, whether or not the timer has swept it yet.
            throw new UnknownLeaseException("lease " + leaseId + " has expired");
        }
        return slot;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("lease table is closed");
        }
    }

    private void checkRoom() throws LeaseDeniedException {
        if (index.size() >= maxLeases) {
            throw new LeaseDeniedException("lease table is full: it holds the configured maximum of "
                    + maxLeases + " leases");
        }
    }

    private long newId() {
        while (true) {
            long id = ids.getAsLong();
            if (id != 0 && index.find(id) < 0) {
                return id;
            }
        }
    }

    /**
     * The wall-clock time at monotonic time {@code now} (lock held), reading the wall clock at most once a
     * millisecond: a renewal's expiration is at most a millisecond early, and renewals at a high rate do not each
     * pay for a read of the wall clock, which cost a sixth of a renewal on the benchmark's virtual machine
     * (bench/README.md, landlord section). A step of the wall clock shows in expirations from the next millisecond
     * on.
     */
    private long wallTimeAt(long now) {
        long since = now - wallReadNanos;
        if (!wallRead || since < 0 || since >= 1_000_000L) {
            wallReadMillis = clock.currentTimeMillis();
            wallReadNanos = now;
            wallRead = true;
        }
        return wallReadMillis;
    }

    private static long expirationOf(long granted, long wallNow) {
        return granted == Lease.FOREVER ? Lease.FOREVER : Times.saturatedAdd(wallNow, granted);
    }

    // Runs on the clock's timer: drops up to EXPIRY_BATCH expired leases, re-arms, then tells the listener.
    private void expireDue() {
        long[] ids;
        Object[] resources;
        int count = 0;
        synchronized (this) {
            if (closed) {
                return;
            }
            long now = clock.nanoTime();
            ids = new long[Math.min(EXPIRY_BATCH, index.size())];
            resources = new Object[ids.length];
            while (count < ids.length) {
                int slot = index.pollExpired(now);
                if (slot < 0) {
                    break;
                }
                ids[count] = index.id(slot);
                resources[count] = index.remove(slot);
                count++;
            }
            timer.armAt(count == ids.length && count > 0 ? now : index.earliestKey());
        }
        for (int i = 0; i < count; i++) {
            notifyExpired(ids[i], resources[i]);
        }
    }

    @SuppressWarnings("unchecked")
    private void notifyExpired(long leaseId, Object resource) {
        try {
            listener.expired(leaseId, (R) resource);
        } catch (RuntimeException e) {
            report(e); // one failing callback must not stop the expiry of the others
        }
    }

    @SuppressWarnings("unchecked")
    private void notifyCancelled(long leaseId, Object resource) {
        listener.cancelled(leaseId, (R) resource);
    }

    private static void report(Throwable failure) {
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, failure);
    }
}
