package org.estuary.lease.durable;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Looks for steps of the wall clock ({@link WallClockSteps}) every period on a {@link Clock}'s timer and, when it
 * sees one, has a service restate the expirations it recorded ({@link DurableLandlord#restate}), on a thread of its
 * own since the restatement waits for the store. A restatement that fails is tried again at the next look. Looking
 * costs two clock reads a period; a step is rare, and is logged.
 *
 * @since 2.2
 */
@ProviderType
public final class WallClockWatch implements AutoCloseable {

    /** What a service does when the wall clock stepped: restate its recorded expirations. */
    @FunctionalInterface
    public interface Restate {
        /**
         * Restates the service's recorded expirations.
         *
         * @return how many records were rewritten, for the log
         * @throws Exception if the store failed: the watch tries again at its next look
         */
        int restate() throws Exception;
    }

    /** A look every 5 s: a step is seen within it, and a crash within it loses the step (docs/RELIABILITY.md). */
    public static final long PERIOD_MILLIS = 5_000;

    /** 1 s: far above NTP's slewing of the clock within a period (at most 500 ppm), far below the steps it makes. */
    public static final long BOUND_MILLIS = 1_000;

    private static final System.Logger LOG = System.getLogger(WallClockWatch.class.getName());

    private final String owner;
    private final Clock clock;
    private final long periodMillis;
    private final WallClockSteps steps;
    private final Restate restate;
    private boolean closed;
    private boolean owed;
    private boolean running;
    private Clock.Scheduled next;

    private WallClockWatch(String owner, Clock clock, long periodMillis, long boundMillis, Restate restate) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.restate = Objects.requireNonNull(restate, "restate");
        if (periodMillis <= 0) {
            throw new IllegalArgumentException("periodMillis must be positive: " + periodMillis);
        }
        this.periodMillis = periodMillis;
        this.steps = new WallClockSteps(clock, boundMillis);
    }

    /**
     * Starts watching: the first look is one period from now.
     *
     * @param owner names the service in the log
     * @param boundMillis the largest move of the wall clock against the monotonic clock between two looks that is
     *     not a step; also how far a recorded expiration may be from its deadline's wall-clock time unrestated
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code periodMillis} is not positive or {@code boundMillis} negative
     */
    public static WallClockWatch start(String owner, Clock clock, long periodMillis, long boundMillis,
            Restate restate) {
        WallClockWatch watch = new WallClockWatch(owner, clock, periodMillis, boundMillis, restate);
        synchronized (watch) {
            watch.next = clock.schedule(watch::look, periodMillis, TimeUnit.MILLISECONDS);
        }
        return watch;
    }

    /** Stops looking; a restatement under way finishes. */
    @Override
    public void close() {
        Clock.Scheduled last;
        synchronized (this) {
            closed = true;
            last = next;
        }
        if (last != null) {
            last.cancel();
        }
    }

    // On the clock's timer.
    private void look() {
        long step = steps.look();
        synchronized (this) {
            if (closed) {
                return;
            }
            if (step != 0) {
                LOG.log(System.Logger.Level.WARNING, () -> owner + ": the wall clock stepped by " + step
                        + " ms; the leases keep their deadlines, and their recorded expirations are restated");
                owed = true;
            }
            if (owed && !running) {
                owed = false;
                running = true;
                Thread thread = new Thread(this::restate, "estuary-wall-clock-restate");
                thread.setDaemon(true);
                thread.start();
            }
            next = clock.schedule(this::look, periodMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void restate() {
        boolean failed = false;
        try {
            int rewritten = restate.restate();
            LOG.log(System.Logger.Level.INFO, () -> owner + ": restated the expirations of " + rewritten
                    + " leases after a step of the wall clock");
        } catch (Exception e) {
            failed = true;
            LOG.log(System.Logger.Level.WARNING, owner + ": restating the leases' expirations after a step of the"
                    + " wall clock failed; tried again in " + periodMillis + " ms", e);
        } finally {
            synchronized (this) {
                running = false;
                owed |= failed;
            }
        }
    }
}
