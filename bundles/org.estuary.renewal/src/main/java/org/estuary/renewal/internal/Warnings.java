package org.estuary.renewal.internal;

import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;

/**
 * The expiration warnings of the sets (LR.2.1): one clock timer per set with a warning registration, due at the
 * set's expiration minus the registration's {@code minWarning}, and sent once per expiration. Arms and cancels under
 * the state's lock; the timer takes it to decide, then hands the warning to {@link Sender}, still under it.
 */
final class Warnings {

    /** Sends the warning of {@code set} to {@code registration} and records that it was sent; under the lock. */
    interface Sender {
        void warn(SetState set, Registration registration);
    }

    private final Object lock;
    private final Clock clock;
    private final Sender sender;

    Warnings(Object lock, Clock clock, Sender sender) {
        this.lock = lock;
        this.clock = clock;
        this.sender = sender;
    }

    /** Under the lock: (re)arms the expiration warning at set expiration - minWarning (LR.2.1). */
    void schedule(SetState set) {
        cancel(set);
        Registration registration = set.warning;
        if (registration == null || set.expiration == Lease.FOREVER || set.warnedFor == set.expiration) {
            return;
        }
        long at = Times.saturatedSubtract(set.expirationAt, // LE.2.2: not moved by a step of the wall clock
                Times.millisToNanos(registration.minWarning));
        set.warningTask = clock.schedule(() -> due(set), Math.max(0, at - clock.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** Under the lock: no warning for {@code set} until the next {@link #schedule}. */
    void cancel(SetState set) {
        if (set.warningTask != null) {
            set.warningTask.cancel();
            set.warningTask = null;
        }
    }

    private void due(SetState set) {
        synchronized (lock) {
            Registration registration = set.warning;
            if (set.destroyed || registration == null || set.warnedFor == set.expiration) {
                return;
            }
            set.warnedFor = set.expiration; // LR.2.1: one warning per expiration
            sender.warn(set, registration);
        }
    }
}
