package org.estuary.lease.client;

import java.util.Objects;

import org.estuary.core.time.Clock;
import org.estuary.core.time.SystemClock;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The clock a {@link LandlordLease} takes when it is deserialized: the JVM's clock, or within {@link #use} the
 * clock given for the current thread. A lease read in {@code DURATION} format (LE.2.2) adds its remaining time to
 * this clock's wall time, so a test, a simulation or an embedded client can read leases against a clock of its
 * own and see that skew between the writer's and the reader's wall clocks does not matter.
 */
@ProviderType
public final class ClientClock {

    // Its timer thread would start only on the first schedule(), which leases never call.
    private static final Clock SYSTEM = new SystemClock("estuary-lease-client");
    private static final ThreadLocal<Clock> CURRENT = new ThreadLocal<>();

    private ClientClock() {
    }

    /** The clock for leases deserialized now in this thread. */
    public static Clock current() {
        Clock clock = CURRENT.get();
        return clock != null ? clock : SYSTEM;
    }

    /**
     * Makes {@code clock} the clock of leases deserialized in this thread until the returned scope is closed
     * (use it in try-with-resources). Scopes nest.
     *
     * @throws NullPointerException if {@code clock} is null
     */
    public static Scope use(Clock clock) {
        Objects.requireNonNull(clock, "clock");
        Clock previous = CURRENT.get();
        CURRENT.set(clock);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** A period during which a clock is the current thread's lease clock; closing it restores the previous one. */
    @ProviderType
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
