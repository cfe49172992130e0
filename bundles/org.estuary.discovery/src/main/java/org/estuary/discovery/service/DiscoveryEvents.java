package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.lookup.ServiceID;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.discovery.proxy.MarshalledDiscoveryEvent;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.Registrations;

/**
 * LD.4.2: the {@link RemoteDiscoveryEvent} a notice becomes, one event for all the lookup services the notice
 * names, their proxies as discovery received them and each one's member groups as last heard.
 *
 * <p>A lookup service that many registrations seek becomes as many notices naming the same lookup services, one
 * per registration, decided one after the other. The part of their events they share (source, kind, proxies,
 * groups) is made once, for the first of them, and each registration's event is a copy of it with the
 * registration's id, sequence number and handback ({@link MarshalledDiscoveryEvent#forRegistration}), so telling
 * 10,000 registrations marshals nothing 10,000 times. Thread-safe: the part last made is kept in one atomic
 * reference, and a notice that names other lookup services (or the same ones in other forms) makes its own.
 */
final class DiscoveryEvents {

    /** The shared part of the events of notices that name these lookup services, of this kind, from this source. */
    private record Shared(Object source, List<Registrar> registrars, boolean discarded,
            MarshalledDiscoveryEvent event) {

        boolean fits(Object otherSource, Registrations.Notice<?> notice) {
            List<Registrar> other = notice.registrars();
            if (notice.discarded() != discarded || other.size() != registrars.size()
                    || !source.equals(otherSource)) {
                return false;
            }
            for (int i = 0; i < other.size(); i++) {
                if (other.get(i) != registrars.get(i)) { // the tracker's record of each, as last heard
                    return false;
                }
            }
            return true;
        }
    }

    private final AtomicReference<Shared> last = new AtomicReference<>();

    /**
     * @param source the event source, the service's proxy
     * @param r the registration the notice is for
     * @param sequenceNumber the event's sequence number
     * @param notice what was discovered or discarded
     * @return the event
     * @throws IllegalStateException if the event cannot be made
     */
    RemoteDiscoveryEvent of(Object source, Registration r, long sequenceNumber, Registrations.Notice<?> notice) {
        Shared shared = last.get();
        if (shared == null || !shared.fits(source, notice)) {
            shared = new Shared(source, notice.registrars(), notice.discarded(), make(source, notice));
            last.set(shared);
        }
        return shared.event().forRegistration(r.id(), sequenceNumber, r.handback());
    }

    private static MarshalledDiscoveryEvent make(Object source, Registrations.Notice<?> notice) {
        List<MarshalledObject<?>> proxies = new ArrayList<>(notice.registrars().size());
        Map<ServiceID, String[]> groups = new LinkedHashMap<>();
        for (Registrar registrar : notice.registrars()) {
            proxies.add(registrar.proxy());
            groups.put(registrar.id(), registrar.groups().toArray(new String[0]));
        }
        try {
            return new MarshalledDiscoveryEvent(source, 0, 0, null, notice.discarded(), proxies, groups);
        } catch (IOException e) {
            throw new IllegalStateException("a discovery event could not be made: " + e, e);
        }
    }
}
