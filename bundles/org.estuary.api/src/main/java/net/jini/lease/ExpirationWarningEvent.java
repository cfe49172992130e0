package net.jini.lease;

import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Sent to the expiration warning listener of a {@link LeaseRenewalSet} when the set's own lease is about to
 * expire (LR.2.1). Its source is the set and its identifier {@link LeaseRenewalSet#EXPIRATION_WARNING_EVENT_ID};
 * it adds no state to {@link RemoteEvent}.
 */
@ProviderType
public class ExpirationWarningEvent extends RemoteEvent {

    // LR.2.2: no serialized fields of its own.
    private static final long serialVersionUID = -2020487536756927350L;

    /**
     * Creates an expiration warning event.
     *
     * @param source the set whose lease is about to expire
     * @param seqNum the sequence number of this event
     * @param handback the handback given at registration, or null
     * @throws IllegalArgumentException if {@code source} is null
     */
    public ExpirationWarningEvent(LeaseRenewalSet source, long seqNum, MarshalledObject<?> handback) {
        super(source, LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, seqNum, handback);
    }

    /**
     * Returns the lease on the set that is about to expire, taken from the source set (LR.2.1). Its expiration
     * is the one the lease had when the event occurred.
     *
     * @return the set's lease
     */
    public Lease getRenewalSetLease() {
        return ((LeaseRenewalSet) getSource()).getRenewalSetLease();
    }
}
