package org.estuary.event;

import org.osgi.annotation.versioning.ProviderType;

/** One submitted delivery, for the caller to cancel (EM.4.1 listener replacement, LR.2.1 clear). */
@ProviderType
public interface DeliveryTicket {

    /**
     * Ends the delivery: a queued event is never attempted, a waiting retry never happens, and an attempt in
     * flight is not retried. The callback then reports {@link DeliveryOutcome.Status#CANCELLED}, or what the
     * attempt in flight achieved ({@code DELIVERED}, {@code UNKNOWN_EVENT}, {@code DEFINITE_FAILURE}).
     *
     * @return true if this call ended the delivery, false if it had already ended or been cancelled
     */
    boolean cancel();

    /** Whether the outcome is known (the callback has been or is being called). */
    boolean isDone();
}
