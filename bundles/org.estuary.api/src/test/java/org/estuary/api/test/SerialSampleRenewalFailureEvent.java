package org.estuary.api.test;

import java.rmi.MarshalledObject;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.RenewalFailureEvent;

/**
 * The concrete subclass through which the serial compatibility test samples the abstract
 * {@link RenewalFailureEvent}. It adds no serial state. One of {@link SerialWorld#SHARED_TEST_CLASSES}: River's
 * class loader defines its own copy, linked to River's RenewalFailureEvent.
 */
public final class SerialSampleRenewalFailureEvent extends RenewalFailureEvent {

    private static final long serialVersionUID = 1L;

    public SerialSampleRenewalFailureEvent(LeaseRenewalSet source, long seqNum, MarshalledObject<?> handback) {
        super(source, seqNum, handback);
    }

    @Override
    public Lease getLease() {
        throw new UnsupportedOperationException("serial sample only");
    }

    @Override
    public Throwable getThrowable() {
        throw new UnsupportedOperationException("serial sample only");
    }
}
