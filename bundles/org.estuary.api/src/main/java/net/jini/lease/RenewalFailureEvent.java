package net.jini.lease;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Sent to the renewal failure listener of a {@link LeaseRenewalSet} when a client lease reached its actual
 * expiration before its desired one, or a renewal attempt met a definite exception (LR.2.1). Its source is the
 * set and its identifier {@link LeaseRenewalSet#RENEWAL_FAILURE_EVENT_ID}. Abstract so that implementations
 * may unmarshal the lease and the throwable lazily; once an accessor returns normally it must keep returning
 * the same object.
 */
@ConsumerType
public abstract class RenewalFailureEvent extends RemoteEvent {

    // LR.2.2: no serialized fields. The table prints 889145704195932943L, a digit short of the value
    // published in Jini 2.x; the published value is used so that streams stay compatible.
    private static final long serialVersionUID = 8891457049195932943L;

    /**
     * Creates a renewal failure event.
     *
     * @param source the set the client lease was in
     * @param seqNum the sequence number of this event
     * @param handback the handback given at registration, or null
     * @throws IllegalArgumentException if {@code source} is null
     */
    public RenewalFailureEvent(LeaseRenewalSet source, long seqNum, MarshalledObject<?> handback) {
        super(source, LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, seqNum, handback);
    }

    /**
     * Returns the client lease that could not be renewed (LR.2.1).
     *
     * @return the client lease
     * @throws IOException if the lease cannot be unmarshalled
     * @throws ClassNotFoundException if a class of the lease cannot be loaded
     */
    public abstract Lease getLease() throws IOException, ClassNotFoundException;

    /**
     * Returns what the last recorded renewal attempt threw, or null if none was recorded (LR.2.1).
     *
     * @return the throwable, or null
     * @throws IOException if the throwable cannot be unmarshalled
     * @throws ClassNotFoundException if a class of the throwable cannot be loaded
     */
    public abstract Throwable getThrowable() throws IOException, ClassNotFoundException;
}
