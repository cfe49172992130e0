package org.estuary.lease.durable;

import java.util.Objects;

import org.estuary.core.time.Clock;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Sees steps of the wall clock: the offset between the {@link Clock}'s wall-clock and monotonic times moving by more
 * than a bound between two looks, as when NTP corrects a clock that was an hour behind. Leases run on monotonic
 * deadlines, which a step does not move, but the expirations a service recorded before it are off by the step; a
 * service that sees one {@linkplain DurableLandlord#restate restates} them, so that recovery after a restart puts
 * its leases back at their deadlines. A step while the container is down cannot be seen (docs/RELIABILITY.md).
 * Thread-safe.
 *
 * @since 2.2
 */
@ProviderType
public final class WallClockSteps {

    private final Clock clock;
    private final long boundMillis;
    private long offsetMillis;

    /**
     * Starts from the offset as it is now.
     *
     * @param boundMillis the largest move of the offset that is not a step: the drift and slewing of the wall clock
     *     between two looks, and the time between reading the two clocks
     * @throws NullPointerException if {@code clock} is null
     * @throws IllegalArgumentException if {@code boundMillis} is negative
     */
    public WallClockSteps(Clock clock, long boundMillis) {
        this.clock = Objects.requireNonNull(clock, "clock");
        if (boundMillis < 0) {
            throw new IllegalArgumentException("boundMillis must not be negative: " + boundMillis);
        }
        this.boundMillis = boundMillis;
        this.offsetMillis = offset();
    }

    /**
     * Looks at the clocks: the step of the wall clock since the last look that saw one (or since the start), in
     * milliseconds, positive when the wall clock went ahead, or 0 when the offset moved by at most the bound. A
     * step becomes the offset the next look compares with; smaller moves do not, so that slow drift adds up to a
     * step in the end.
     */
    public synchronized long look() {
        long now = offset();
        long step = now - offsetMillis;
        if (Math.abs(step) <= boundMillis) {
            return 0;
        }
        offsetMillis = now;
        return step;
    }

    private long offset() {
        return clock.currentTimeMillis() - Math.floorDiv(clock.nanoTime(), 1_000_000L);
    }
}
