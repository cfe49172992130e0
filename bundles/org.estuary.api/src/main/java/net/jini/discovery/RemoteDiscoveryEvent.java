package net.jini.discovery;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The event the lookup discovery service sends to a registration's listener when lookup services are discovered
 * or discarded (LD.4.2). Each proxy travels individually marshalled, so that a proxy whose classes cannot be loaded
 * does not make the others unavailable; {@link #getRegistrars()} unmarshals them on demand and keeps those it
 * could unmarshal (LD.4.2.1).
 */
@ProviderType
public class RemoteDiscoveryEvent extends RemoteEvent {

    // LD.4.2.2: serialVersionUID and serialized fields discarded, marshalledRegs, regs, groups.
    private static final long serialVersionUID = -9171289945014585248L;

    /**
     * True for a discarded event, false for a discovered event.
     *
     * @serial
     */
    protected boolean discarded;

    /**
     * The marshalled proxies not yet unmarshalled.
     *
     * @serial
     */
    protected ArrayList<MarshalledObject<?>> marshalledRegs;

    /**
     * The proxies unmarshalled so far, at the front of the array; the remaining slots are null, one for each element
     * of {@link #marshalledRegs}.
     *
     * @serial
     */
    protected ServiceRegistrar[] regs;

    /**
     * The member groups of each lookup service of the event, keyed by its service identifier.
     *
     * @serial
     */
    protected Map<ServiceID, String[]> groups;

    /**
     * Creates a discovered or discarded event (LD.4.2.1). Each proxy in the key set of {@code groups} is marshalled
     * separately; proxies that cannot be serialized are left out of the event, both from the proxies and from the
     * groups map.
     *
     * @param source the lookup discovery service that generated the event
     * @param eventID the event identifier of the registration
     * @param seqNum the sequence number of this event
     * @param handback the registration's handback, or null
     * @param discarded true for a discarded event, false for a discovered event
     * @param groups the lookup service proxies mapped to their member groups
     * @throws IOException if none of the proxies can be serialized
     * @throws NullPointerException if {@code groups} is null or has a null key
     * @throws IllegalArgumentException if {@code groups} is empty, or if {@code source} is null
     */
    public RemoteDiscoveryEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback,
            boolean discarded, Map<? extends ServiceRegistrar, String[]> groups) throws IOException {
        super(source, eventID, seqNum, handback);
        if (groups == null) {
            throw new NullPointerException("groups is null");
        }
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("groups is empty");
        }
        this.discarded = discarded;
        ArrayList<MarshalledObject<?>> marshalled = new ArrayList<>(groups.size());
        Map<ServiceID, String[]> byID = new HashMap<>();
        IOException firstFailure = null;
        for (Map.Entry<? extends ServiceRegistrar, String[]> e : groups.entrySet()) {
            ServiceRegistrar reg = e.getKey();
            if (reg == null) {
                throw new NullPointerException("groups has a null key");
            }
            MarshalledObject<?> mo;
            try {
                mo = new MarshalledObject<>(reg);
            } catch (IOException ex) {
                if (firstFailure == null) {
                    firstFailure = ex;
                }
                continue;
            }
            marshalled.add(mo);
            byID.put(reg.getServiceID(), e.getValue());
        }
        if (marshalled.isEmpty()) {
            throw new IOException("none of the " + groups.size() + " lookup service proxies could be serialized",
                    firstFailure);
        }
        this.marshalledRegs = marshalled;
        this.regs = new ServiceRegistrar[marshalled.size()];
        this.groups = byID;
    }

    /**
     * Tells whether this is a discarded event (true) or a discovered event (false) (LD.4.2.1).
     *
     * @return true if the lookup services were discarded
     */
    public boolean isDiscarded() {
        return discarded;
    }

    /**
     * Returns the lookup services of the event, in a new array on each call; not a remote call (LD.4.2.1). The
     * proxies still marshalled are unmarshalled first; those that succeed are kept, so once every proxy has been
     * unmarshalled no further attempt is made and every call returns the same proxies.
     *
     * @return the lookup service proxies
     * @throws LookupUnmarshalException if some proxies cannot be unmarshalled: it holds all proxies unmarshalled so
     *         far, the marshalled proxies that failed this time and the failure of each
     */
    public synchronized ServiceRegistrar[] getRegistrars() throws LookupUnmarshalException {
        if (!marshalledRegs.isEmpty()) {
            List<MarshalledObject<?>> failed = new ArrayList<>();
            List<Throwable> failures = new ArrayList<>();
            int free = firstFree();
            for (Iterator<MarshalledObject<?>> it = marshalledRegs.iterator(); it.hasNext();) {
                MarshalledObject<?> mo = it.next();
                try {
                    Object reg = mo.get();
                    if (!(reg instanceof ServiceRegistrar)) {
                        throw new InvalidObjectException("marshalled object is not a ServiceRegistrar: "
                                + (reg == null ? "null" : reg.getClass().getName()));
                    }
                    while (regs[free] != null) {
                        free++;
                    }
                    regs[free] = (ServiceRegistrar) reg;
                    it.remove();
                } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                    failed.add(mo);
                    failures.add(e);
                }
            }
            if (!failures.isEmpty()) {
                throw new LookupUnmarshalException(unmarshalled(), failed.toArray(new MarshalledObject<?>[0]),
                        failures.toArray(new Throwable[0]),
                        failures.size() + " lookup service proxies could not be unmarshalled");
            }
        }
        return unmarshalled();
    }

    private int firstFree() {
        for (int i = 0; i < regs.length; i++) {
            if (regs[i] == null) {
                return i;
            }
        }
        return regs.length;
    }

    // The proxies unmarshalled so far, in order, in a new array.
    private ServiceRegistrar[] unmarshalled() {
        int n = 0;
        for (ServiceRegistrar r : regs) {
            if (r != null) {
                n++;
            }
        }
        ServiceRegistrar[] result = new ServiceRegistrar[n];
        int i = 0;
        for (ServiceRegistrar r : regs) {
            if (r != null) {
                result[i++] = r;
            }
        }
        return result;
    }

    /**
     * Returns the member groups of each lookup service of the event, keyed by its {@link ServiceID}; the same map on
     * each call, not a copy; not a remote call (LD.4.2.1).
     *
     * @return the map from service identifier to member group names
     */
    public Map<ServiceID, String[]> getGroups() {
        return groups;
    }

    /**
     * Reads the serial fields and refuses a state the constructor cannot produce: missing fields, elements of
     * {@code marshalledRegs} that are not marshalled objects, or too few free slots in {@code regs}.
     *
     * @param in the stream
     * @throws IOException on a stream failure or an invalid state
     * @throws ClassNotFoundException if a class of a field cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (marshalledRegs == null || regs == null || groups == null) {
            throw new InvalidObjectException("marshalledRegs, regs and groups must not be null");
        }
        for (Object o : marshalledRegs) {
            if (!(o instanceof MarshalledObject)) {
                throw new InvalidObjectException("marshalledRegs holds a non-MarshalledObject");
            }
        }
        if (regs.length - unmarshalled().length < marshalledRegs.size()) {
            throw new InvalidObjectException("regs has fewer free slots than marshalledRegs has elements");
        }
    }
}
