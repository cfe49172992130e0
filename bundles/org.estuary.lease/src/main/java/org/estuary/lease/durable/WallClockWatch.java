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

    /**
     * What a service does when the wall clock stepped: restate the expirations it recorded (a persistent service,
     * {@link DurableLandlord#restate} for its own leases) and shows (its management view). A service implements it
     * and has a watch {@linkplain #start(String, Clock, Restate) started} on it, as an activation step.
     */
    @FunctionalInterface
    public interface Restate {
        /**
         * Restates the expirations recorded or shown more than {@code toleranceMillis} from the wall-clock time of
         * their leases' monotonic deadlines.
         *
         * @param toleranceMillis the watch's bound: how far an expiration may be off and stay as it is
         * @return how many records were rewritten, for the log
         * @throws Exception if the store failed: the watch tries again at its next look
         */
        int restate(long toleranceMillis) throws Exception;
    }

    /** A look every 5 s: a step is seen within it, and a crash within it loses the step (docs/RELIABILITY.md). */
    public static final long PERIOD_MILLIS = 5_000;

    /** 1 s: far above NTP's slewing of the clock within a period (at most 500 ppm), far below the steps it makes. */
    public static final long BOUND_MILLIS = 1_000;

    private static final System.Logger LOG = System.getLogger(WallClockWatch.class.getName());

    private final String owner;
    private final Clock clock;
    private final WallClockSteps steps;
    private final Restate restate;
    private boolean closed;
    private boolean owed;
    private boolean running;
    private Clock.Scheduled next;

    private WallClockWatch(String owner, Clock clock, Restate restate) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.restate = Objects.requireNonNull(restate, "restate");
        this.steps = new WallClockSteps(clock, BOUND_MILLIS);
    }

    /**
     * Starts watching for a service: a look every {@value #PERIOD_MILLIS} ms, a move of more than
     * {@value #BOUND_MILLIS} ms a step, on which {@code restate} is called with that bound; the first look is
     * one period from now.
     *
     * @param owner names the service in the log
     * @throws NullPointerException if an argument is null
     */
    public static WallClockWatch start(String owner, Clock clock, Restate restate) {
        WallClockWatch watch = new WallClockWatch(owner, clock, restate);
        synchronized (watch) {
            watch.next = clock.schedule(watch::look, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
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
            next = clock.schedule(this::look, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void restate() {
        boolean failed = false;
        try {
            int rewritten = restate.restate(BOUND_MILLIS);
            LOG.log(System.Logger.Level.INFO, () -> owner + ": restated the expirations of " + rewritten
                    + " leases after a step of the wall clock");
        } catch (Exception e) {
            failed = true;
            LOG.log(System.Logger.Level.WARNING, owner + ": restating the leases' expirations after a step of the"
                    + " wall clock failed; tried again in " + PERIOD_MILLIS + " ms", e);
        } finally {
            synchronized (this) {
                running = false;
                owed |= failed;
            }
        }
    }
}
