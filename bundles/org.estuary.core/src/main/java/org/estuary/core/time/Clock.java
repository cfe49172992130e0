package org.estuary.core.time;

import java.util.concurrent.TimeUnit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The time source and timer every Estuary component schedules with.
 *
 * <p>Deadlines are kept on monotonic time ({@link #nanoTime()}), so a jump of the wall clock neither expires
 * leases early nor delays their expiry; the wall clock ({@link #currentTimeMillis()}) is read only where the specs
 * speak of absolute times (LE.2.2 {@code getExpiration}). Tests use {@link ManualClock} instead of sleeping.
 */
@ProviderType
public interface Clock {

    /** A deadline that never arrives; {@link #schedule} ignores tasks due then. */
    long NEVER = Long.MAX_VALUE;

    /** Monotonic time in nanoseconds; only differences between two readings mean anything. */
    long nanoTime();

    /** Wall-clock time in milliseconds since the epoch, the unit of the specs' absolute expirations. */
    long currentTimeMillis();

    /**
     * Runs {@code task} once, {@code delay} from now on monotonic time. Tasks must be short: they run on the
     * clock's timer thread (or, for {@link ManualClock}, in the thread that advances it) and should hand longer
     * work to an executor.
     *
     * @throws NullPointerException if {@code task} or {@code unit} is null
     */
    Scheduled schedule(Runnable task, long delay, TimeUnit unit);

    /** A task given to {@link #schedule}. */
    @ProviderType
    interface Scheduled {
        /** Prevents the task from running if it has not started; returns whether this call prevented it. */
        boolean cancel();
    }

    /** The monotonic deadline {@code millis} from now, saturating at {@link #NEVER}. */
    default long deadlineAfterMillis(long millis) {
        return Times.saturatedAdd(nanoTime(), Times.millisToNanos(millis));
    }

    /**
     * The monotonic deadline of an absolute wall-clock time (epoch milliseconds), measured from now; a time at or
     * beyond {@code Long.MAX_VALUE} milliseconds ({@code Lease.FOREVER}) gives {@link #NEVER}.
     */
    default long deadlineOfWallTime(long epochMillis) {
        if (epochMillis == Long.MAX_VALUE) {
            return NEVER;
        }
        return deadlineAfterMillis(Times.saturatedSubtract(epochMillis, currentTimeMillis()));
    }

    /**
     * The wall-clock time (epoch milliseconds) at which a monotonic deadline falls, as seen now;
     * {@link #NEVER} gives {@code Long.MAX_VALUE} ({@code Lease.FOREVER}).
     */
    default long wallTimeOfDeadline(long deadlineNanos) {
        if (deadlineNanos == NEVER) {
            return Long.MAX_VALUE;
        }
        long remainingNanos = Times.saturatedSubtract(deadlineNanos, nanoTime());
        return Times.saturatedAdd(currentTimeMillis(), Times.nanosToMillisCeiling(remainingNanos));
    }
}
