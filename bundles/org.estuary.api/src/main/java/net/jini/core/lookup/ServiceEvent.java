package net.jini.core.lookup;

import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The event a lookup service sends to listeners registered through {@link ServiceRegistrar#notify}: which service
 * changed and which transition ({@link ServiceRegistrar#TRANSITION_MATCH_NOMATCH} and so on) it went through. Lookup
 * service implementations subclass it to supply {@link #getServiceItem()}.
 */
@ConsumerType
public abstract class ServiceEvent extends RemoteEvent {

    private static final long serialVersionUID = 1304997274096842701L;

    /**
     * The identifier of the service the event is about.
     *
     * @serial
     */
    protected ServiceID serviceID;

    /**
     * The transition that occurred, one of the {@code TRANSITION_*} constants of {@link ServiceRegistrar}.
     *
     * @serial
     */
    protected int transition;

    /**
     * Creates a service event.
     *
     * @param source the lookup service that generated the event
     * @param eventID the event identifier of the registration
     * @param seqNum the sequence number of this event
     * @param handback the registrant's handback, or null
     * @param serviceID the identifier of the service concerned
     * @param transition the transition that occurred
     * @throws IllegalArgumentException if {@code source} is null
     */
    public ServiceEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback, ServiceID serviceID,
            int transition) {
        super(source, eventID, seqNum, handback);
        this.serviceID = serviceID;
        this.transition = transition;
    }

    /**
     * Returns the identifier of the service concerned.
     *
     * @return the service identifier
     */
    public ServiceID getServiceID() {
        return serviceID;
    }

    /**
     * Returns the transition that occurred.
     *
     * @return one of the {@code TRANSITION_*} constants of {@link ServiceRegistrar}
     */
    public int getTransition() {
        return transition;
    }

    /**
     * Returns the new state of the service, or null if the service was deleted.
     *
     * @return the service item after the transition, or null
     */
    public abstract ServiceItem getServiceItem();

    @Override
    public String toString() {
        return getClass().getName() + "[serviceID=" + serviceID + ", transition=" + transition + ", source="
                + source + ", eventID=" + eventID + ", seqNum=" + seqNum + "]";
    }
}
