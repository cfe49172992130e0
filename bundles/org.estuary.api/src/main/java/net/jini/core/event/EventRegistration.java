package net.jini.core.event;

import java.io.Serializable;

import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a registrant needs to recognize notifications for a registration of interest and to keep that
 * registration alive: event identifier, source, lease and current sequence number (EV.2.3.5).
 */
@ProviderType
public class EventRegistration implements Serializable {

    // EV.2.5: serialized fields are source, eventID, lease and seqNum.
    private static final long serialVersionUID = 4055207527458053347L;

    /**
     * The identifier of the kind of event registered for (EV.2.3.5).
     *
     * @serial
     */
    protected long eventID;

    /**
     * The event generator that granted the registration (EV.2.3.5).
     *
     * @serial
     */
    protected Object source;

    /**
     * The lease on the registration (EV.2.3.5).
     *
     * @serial
     */
    protected Lease lease;

    /**
     * The sequence number current when the registration was granted (EV.2.3.5).
     *
     * @serial
     */
    protected long seqNum;

    /**
     * Creates a registration record. No argument is checked: the spec places no constraint on them.
     *
     * @param eventID the identifier of the kind of event
     * @param eventSource the event generator
     * @param eventLease the lease on the registration
     * @param seqNum the current sequence number of the kind of event
     */
    public EventRegistration(long eventID, Object eventSource, Lease eventLease, long seqNum) {
        this.eventID = eventID;
        this.source = eventSource;
        this.lease = eventLease;
        this.seqNum = seqNum;
    }

    /**
     * Returns the identifier of the kind of event; equals {@link RemoteEvent#getID()} of matching events
     * (EV.2.3.5).
     *
     * @return the event identifier
     */
    public long getID() {
        return eventID;
    }

    /**
     * Returns the event generator; equals {@link RemoteEvent#getSource()} of matching events (EV.2.3.5).
     *
     * @return the event source
     */
    public Object getSource() {
        return source;
    }

    /**
     * Returns the lease on this registration (EV.2.3.5).
     *
     * @return the registration lease
     */
    public Lease getLease() {
        return lease;
    }

    /**
     * Returns the sequence number current when the registration was granted (EV.2.3.5).
     *
     * @return the sequence number
     */
    public long getSequenceNumber() {
        return seqNum;
    }
}
