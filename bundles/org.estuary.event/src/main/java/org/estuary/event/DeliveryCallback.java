package org.estuary.event;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told once how a delivery ended. The service applies its rules here: clear one registration on {@link
 * DeliveryOutcome.Status#UNKNOWN_EVENT} (LR.2.1), record the (source, id) pair (EM.4.1), disable delivery on a
 * definite failure (EM.4.1), and so on. For deliveries that were attempted, the callback of one event returns
 * before the next event of the same lane is attempted, so what it cancels is never attempted. It runs on a
 * delivery thread (or in the thread that cancels or closes) and should be quick; what it throws is logged.
 */
@ConsumerType
@FunctionalInterface
public interface DeliveryCallback {

    /** The delivery ended with {@code outcome}. */
    void completed(DeliveryOutcome outcome);
}
