package org.estuary.discovery.proxy;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceItem;
import net.jini.core.lookup.ServiceMatches;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.ServiceRegistration;
import net.jini.core.lookup.ServiceTemplate;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The {@link RemoteDiscoveryEvent} the lookup discovery service sends (LD.4.2): made from the lookup services'
 * proxies as discovery received them, marshalled, so the service never needs their classes. The published
 * constructor takes live proxies and marshals them; this one fills the same protected fields ({@code
 * marshalledRegs}, {@code regs}, {@code groups}) from the marshalled forms, so the client's
 * {@link #getRegistrars()} unmarshals each on its own exactly as for an event the published constructor made.
 */
@ProviderType
public final class MarshalledDiscoveryEvent extends RemoteDiscoveryEvent implements Cloneable {

    private static final long serialVersionUID = 1L;

    /** What the published constructor marshals and this one replaces at once; never sent. */
    private static final Map<ServiceRegistrar, String[]> PLACEHOLDER = Map.of(new Placeholder(), new String[0]);

    /**
     * @param source the event source (the lookup discovery service's proxy)
     * @param eventID the registration's event id
     * @param seqNum the event's sequence number
     * @param handback the registration's handback, or null
     * @param discarded whether the lookup services were discarded rather than discovered
     * @param registrars the lookup services' marshalled proxies, at least one
     * @param groups each lookup service's member groups by its id, as the event reports them
     * @throws IOException never in practice: the published constructor marshals a local placeholder
     * @throws IllegalArgumentException if no registrar is given
     */
    public MarshalledDiscoveryEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback,
            boolean discarded, List<? extends MarshalledObject<?>> registrars, Map<ServiceID, String[]> groups)
            throws IOException {
        super(source, eventID, seqNum, handback, discarded, PLACEHOLDER);
        if (registrars.isEmpty()) {
            throw new IllegalArgumentException("a discovery event names at least one lookup service");
        }
        this.marshalledRegs = new ArrayList<>(registrars);
        this.regs = new ServiceRegistrar[registrars.size()];
        Map<ServiceID, String[]> copy = new HashMap<>();
        groups.forEach((id, g) -> copy.put(id, g.clone()));
        this.groups = copy;
    }

    /**
     * This event as another registration's (LD.4.2: each registration gets its own event, with its own event id,
     * sequence number and handback): the same source, kind, lookup services and groups, made without marshalling
     * anything again, for a service that tells many registrations of the same lookup services at once. The copy
     * shares nothing a listener can change with this event or another copy: its list of marshalled proxies, its
     * slots for the unmarshalled ones and its groups map are its own, so a listener in this JVM that calls
     * {@link #getRegistrars()} or changes {@link #getGroups()} changes only its own event.
     *
     * @param eventID the registration's event id
     * @param seqNum the event's sequence number
     * @param handback the registration's handback, or null
     * @return the copy
     * @since 1.1
     */
    public MarshalledDiscoveryEvent forRegistration(long eventID, long seqNum, MarshalledObject<?> handback) {
        MarshalledDiscoveryEvent copy = copy();
        copy.eventID = eventID;
        copy.seqNum = seqNum;
        copy.handback = handback;
        Map<ServiceID, String[]> ownGroups = new HashMap<>();
        groups.forEach((id, g) -> ownGroups.put(id, g.clone()));
        copy.groups = ownGroups;
        return copy;
    }

    /**
     * The form written: this event with its source, the lookup discovery service's proxy, in the compact form a
     * client reads back as that proxy ({@link EventSource}), so a listener that reads many events does not read the
     * proxy's backend reference and stub in each. A source of another kind is written as it is.
     */
    private Object writeReplace() {
        Object compact = EventSource.of(source);
        if (compact == source) {
            return this;
        }
        MarshalledDiscoveryEvent written = copy();
        written.source = compact;
        return written;
    }

    /** A copy of this event with lists of marshalled and unmarshalled proxies of its own; the groups shared. */
    private MarshalledDiscoveryEvent copy() {
        synchronized (this) { // getRegistrars changes marshalledRegs and regs under this lock
            MarshalledDiscoveryEvent copy;
            try {
                copy = (MarshalledDiscoveryEvent) clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError("a Cloneable class refused clone", e);
            }
            copy.marshalledRegs = new ArrayList<>(marshalledRegs);
            copy.regs = regs.clone();
            return copy;
        }
    }

    /** Stands in for a lookup service while the published constructor runs; every call is refused. */
    private static final class Placeholder implements ServiceRegistrar, java.io.Serializable {
        private static final long serialVersionUID = 1L;

        private static UnsupportedOperationException refused() {
            return new UnsupportedOperationException("not a lookup service");
        }

        @Override
        public ServiceRegistration register(ServiceItem item, long leaseDuration) {
            throw refused();
        }

        @Override
        public Object lookup(ServiceTemplate tmpl) {
            throw refused();
        }

        @Override
        public ServiceMatches lookup(ServiceTemplate tmpl, int maxMatches) {
            throw refused();
        }

        @Override
        public EventRegistration notify(ServiceTemplate tmpl, int transitions, RemoteEventListener listener,
                MarshalledObject<?> handback, long leaseDuration) {
            throw refused();
        }

        @Override
        public Class<?>[] getEntryClasses(ServiceTemplate tmpl) {
            throw refused();
        }

        @Override
        public Object[] getFieldValues(ServiceTemplate tmpl, int setIndex, String field) {
            throw refused();
        }

        @Override
        public Class<?>[] getServiceTypes(ServiceTemplate tmpl, String prefix) {
            throw refused();
        }

        @Override
        public ServiceID getServiceID() {
            return new ServiceID(0, 0);
        }

        @Override
        public LookupLocator getLocator() throws RemoteException {
            throw refused();
        }

        @Override
        public String[] getGroups() throws RemoteException {
            throw refused();
        }
    }
}
