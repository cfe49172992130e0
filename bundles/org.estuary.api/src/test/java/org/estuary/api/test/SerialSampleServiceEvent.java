package org.estuary.api.test;

import java.rmi.MarshalledObject;

import net.jini.core.lookup.ServiceEvent;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceItem;

/**
 * The concrete subclass through which the serial compatibility test samples the abstract {@link ServiceEvent}.
 * It adds no serial state, so its instances carry exactly ServiceEvent's (and RemoteEvent's) serial fields. One of
 * {@link SerialWorld#SHARED_TEST_CLASSES}: River's class loader defines its own copy, linked to River's ServiceEvent.
 */
public final class SerialSampleServiceEvent extends ServiceEvent {

    private static final long serialVersionUID = 1L;

    public SerialSampleServiceEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback,
            ServiceID serviceID, int transition) {
        super(source, eventID, seqNum, handback, serviceID, transition);
    }

    @Override
    public ServiceItem getServiceItem() {
        throw new UnsupportedOperationException("serial sample only");
    }
}
