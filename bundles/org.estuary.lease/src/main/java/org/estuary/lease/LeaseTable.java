package org.estuary.lease;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.concurrent.BoundedCount;
import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.lease.internal.LeaseIndex;
import org.estuary.lease.internal.TablePart;
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
 *
 * <p>Thread-safe, in parts: the leases are spread over up to {@value #MAX_PARTS} parts by the low bits of their ids
 * (consecutive ids take the parts in turn, random ones fall evenly), each with its own lock, so threads that grant,
 * renew, cancel or remove different leases at once seldom wait for each other; a table for fewer than
 * {@value #LEASES_PER_PART} leases per part has fewer parts (one below twice that). The bound on the number of leases
 * is one count for the whole table. The expiry timer takes every part's lock at once and expires the due leases of
 * all parts in the order of their deadlines, as one part would.
 */
@ProviderType
public final class LeaseTable<R> implements Landlord {

    // Expirations handled per timer run: bounds the time the table's locks and the clock's timer thread are held
    // when many leases expire together; the rest follow in the next run, scheduled at once.
    private static final int EXPIRY_BATCH = 4096;
    /**
     * The most parts a table has: with the 2 to 8 threads a service usually runs at once, two of them meet at one part
     * about once in 16 operations or less, where one lock made every concurrent operation of the table wait.
     */
    static final int MAX_PARTS = 16;
    /** A table has one part per this many leases it may hold, up to {@link #MAX_PARTS}: small tables stay small. */
    static final int LEASES_PER_PART = 64;

    private final Clock clock;
    private final LeasePolicy policy;
    private final int maxLeases;
    private final LeaseListener<? super R> listener;
    /** A power of two of parts; lease {@code id} is in {@code parts[(int) id & partMask]}. */
    private final TablePart[] parts;
    private final int partMask;
    /**
     * The leases held by all parts, counting expired ones not swept yet; at most {@code maxLeases}. Striped: every
     * grant and end changes it, from whichever thread grants or ends.
     */
    private final BoundedCount held;
    private final TimerSlot timer;
    private final LongSupplier ids;
    private volatile boolean closed;

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
     * @param ids proposes lease ids; called by every granting thread, several at once: it must be thread-safe (and
     *     should not make them wait for each other, or grants do)
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
        this.held = new BoundedCount(maxLeases);
        int count = Math.min(MAX_PARTS, Integer.highestOneBit(Math.max(1, maxLeases / LEASES_PER_PART)));
        this.parts = new TablePart[count];
        for (int i = 0; i < count; i++) {
            parts[i] = new TablePart(Math.min(maxLeases, 1024) / count);
        }
        this.partMask = count - 1;
        this.timer = new TimerSlot(clock, this::expireDue);
    }

    /** Consecutive ids from {@code first}: never repeated before the 64-bit range wraps. */
    private static LongSupplier consecutiveFrom(long first) {
        return new AtomicLong(first)::getAndIncrement;
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
        checkOpen();
        // the count, the clocks and the id are taken before the part's lock: under it only the lookup and the insert
        reserve();
        boolean inserted = false;
        try {
            long deadline = clock.deadlineAfterMillis(granted);
            long expiration = expirationOf(granted, clock.currentTimeMillis());
            while (true) {
                long id = ids.getAsLong();
                if (id == 0) {
                    continue;
                }
                TablePart part = partOf(id);
                synchronized (part) {
                    if (part.index.find(id) >= 0) {
                        continue;
                    }
                    part.index.insert(id, deadline, expiration, resource);
                }
                inserted = true;
                timer.armAt(deadline);
                return new LeaseGrant(id, granted, expiration);
            }
        } finally {
            if (!inserted) {
                held.release(); // the id source or the insert failed: the count reserved is given back
            }
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
        checkOpen();
        TablePart part = partOf(leaseId);
        long deadline;
        synchronized (part) {
            if (part.index.find(leaseId) >= 0) {
                throw new IllegalArgumentException("lease " + leaseId + " is already in the table");
            }
            reserve();
            deadline = clock.deadlineOfWallTime(expiration);
            part.index.insert(leaseId, deadline, expiration, resource);
        }
        timer.armAt(deadline);
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
        checkOpen();
        timer.armAt(renewIn(partOf(leaseId), leaseId, granted));
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
        checkOpen();
        TablePart part = partOf(leaseId);
        Object resource;
        synchronized (part) {
            resource = part.index.remove(liveSlot(part.index, leaseId, clock.nanoTime()));
        }
        held.release();
        notifyCancelled(leaseId, resource);
    }

    /**
     * Renews each lease of the batch independently (LE.2.2 {@code LeaseMap.renewAll}), each under its part's lock.
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
        checkOpen();
        long earliest = Clock.NEVER;
        for (int i = 0; i < leaseIds.length; i++) {
            try {
                granted[i] = policy.grant(durations[i]);
                earliest = Math.min(earliest, renewIn(partOf(leaseIds[i]), leaseIds[i], granted[i]));
            } catch (UnknownLeaseException | IllegalArgumentException e) {
                failures[i] = e;
            }
        }
        timer.armAt(earliest);
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
        checkOpen();
        for (int i = 0; i < leaseIds.length; i++) {
            TablePart part = partOf(leaseIds[i]);
            try {
                synchronized (part) {
                    resources[i] = part.index.remove(liveSlot(part.index, leaseIds[i], clock.nanoTime()));
                }
                held.release();
            } catch (UnknownLeaseException e) {
                failures[i] = e;
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
    public R get(long leaseId) {
        TablePart part = partOf(leaseId);
        synchronized (part) {
            int slot = part.index.find(leaseId);
            if (slot < 0 || part.index.deadline(slot) <= clock.nanoTime()) {
                return null;
            }
            return (R) part.index.resource(slot);
        }
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
    public long expiration(long leaseId) throws UnknownLeaseException {
        TablePart part = partOf(leaseId);
        synchronized (part) {
            return part.index.expiration(liveSlot(part.index, leaseId, clock.nanoTime()));
        }
    }

    /**
     * When live lease {@code leaseId} ends on the {@link Clock}'s monotonic time ({@link Clock#NEVER} for never), or
     * {@code Long.MIN_VALUE} if the table does not hold it live (unknown, expired or cancelled). Unlike a deadline
     * worked out from {@link #expiration} against the wall clock, a step of the wall clock does not move it: what a
     * service bounds work done under the lease by, such as the delivery of its events (LE.2.2).
     */
    public long deadline(long leaseId) {
        TablePart part = partOf(leaseId);
        synchronized (part) {
            int slot = part.index.find(leaseId);
            if (slot < 0) {
                return Long.MIN_VALUE;
            }
            long deadline = part.index.deadline(slot);
            return deadline <= clock.nanoTime() ? Long.MIN_VALUE : deadline;
        }
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
    public long restate(long leaseId) throws UnknownLeaseException {
        TablePart part = partOf(leaseId);
        synchronized (part) {
            LeaseIndex index = part.index;
            int slot = liveSlot(index, leaseId, clock.nanoTime());
            long deadline = index.deadline(slot);
            long expiration = index.expiration(slot) == Lease.FOREVER ? Lease.FOREVER
                    : clock.wallTimeOfDeadline(deadline);
            index.renew(slot, deadline, expiration);
            return expiration;
        }
    }

    /**
     * Takes lease {@code leaseId} out of the table without telling the listener, for a service that ends a lease
     * for reasons of its own (a transaction completed, a registration replaced). Expired leases not yet swept are
     * taken out too.
     *
     * @return the lease's resource, or null if the table does not hold it
     */
    @SuppressWarnings("unchecked")
    public R remove(long leaseId) {
        TablePart part = partOf(leaseId);
        Object resource;
        synchronized (part) {
            int slot = part.index.find(leaseId);
            if (slot < 0) {
                return null;
            }
            resource = part.index.remove(slot);
        }
        held.release();
        return (R) resource;
    }

    /** The number of leases held, counting expired ones the timer has not swept yet. */
    public int size() {
        return held.count();
    }

    /** The ids of all leases held at one moment, for a service's console or a consistency check. */
    public long[] leaseIds() {
        return withParts(0, () -> {
            long[][] each = new long[parts.length][];
            int total = 0;
            for (int i = 0; i < parts.length; i++) {
                each[i] = parts[i].index.ids();
                total += each[i].length;
            }
            long[] all = new long[total];
            int at = 0;
            for (long[] some : each) {
                System.arraycopy(some, 0, all, at, some.length);
                at += some.length;
            }
            return all;
        });
    }

    /** Stops the expiry timer; later calls fail with {@link IllegalStateException}. The listener is not called. */
    public void close() {
        closed = true;
        timer.close();
    }

    private TablePart partOf(long leaseId) {
        return parts[(int) leaseId & partMask];
    }

    /** Renews lease {@code leaseId} of {@code part} for {@code granted} ms from now; returns its new deadline. */
    private long renewIn(TablePart part, long leaseId, long granted) throws UnknownLeaseException {
        synchronized (part) {
            long now = clock.nanoTime();
            int slot = liveSlot(part.index, leaseId, now);
            // LE.2.2: the duration runs from now; it is not added to the current term.
            long deadline = Times.saturatedAdd(now, Times.millisToNanos(granted));
            part.index.renew(slot, deadline, expirationOf(granted, part.wallTimeAt(clock, now)));
            return deadline;
        }
    }

    private static int liveSlot(LeaseIndex index, long leaseId, long now) throws UnknownLeaseException {
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

    /** Counts one more lease held, within {@code maxLeases}. */
    private void reserve() throws LeaseDeniedException {
        if (!held.tryAcquire()) {
            throw new LeaseDeniedException("lease table is full: it holds the configured maximum of "
                    + maxLeases + " leases");
        }
    }

    /** Runs {@code work} holding the locks of the parts from {@code from} on, taken in the parts' order. */
    private <T> T withParts(int from, Supplier<T> work) {
        if (from == parts.length) {
            return work.get();
        }
        synchronized (parts[from]) {
            return withParts(from + 1, work);
        }
    }

    private static long expirationOf(long granted, long wallNow) {
        return granted == Lease.FOREVER ? Lease.FOREVER : Times.saturatedAdd(wallNow, granted);
    }

    // Runs on the clock's timer: drops up to EXPIRY_BATCH expired leases, re-arms, then tells the listener.
    private void expireDue() {
        if (closed) {
            return;
        }
        long[] expiredIds = new long[Math.min(EXPIRY_BATCH, held.count())];
        Object[] resources = new Object[expiredIds.length];
        int count = withParts(0, () -> {
            long now = clock.nanoTime();
            int taken = 0;
            while (taken < expiredIds.length) {
                // the part with the earliest deadline filed: all parts' leases expire in one order
                TablePart first = null;
                long earliest = Long.MAX_VALUE;
                for (TablePart part : parts) {
                    long key = part.index.earliestKey();
                    if (key < earliest) {
                        earliest = key;
                        first = part;
                    }
                }
                if (earliest > now) {
                    break;
                }
                int slot = first.index.pollExpired(now);
                if (slot >= 0) {
                    expiredIds[taken] = first.index.id(slot);
                    resources[taken] = first.index.remove(slot);
                    taken++;
                }
            }
            long next = Long.MAX_VALUE;
            for (TablePart part : parts) {
                next = Math.min(next, part.index.earliestKey());
            }
            timer.armAt(taken == expiredIds.length && taken > 0 ? now : next);
            return taken;
        });
        held.release(count);
        for (int i = 0; i < count; i++) {
            notifyExpired(expiredIds[i], resources[i]);
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
