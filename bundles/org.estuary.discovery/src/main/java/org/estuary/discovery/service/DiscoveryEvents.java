package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import net.jini.core.lookup.ServiceID;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.discovery.proxy.MarshalledDiscoveryEvent;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.Registrations;

/**
 * LD.4.2: the {@link RemoteDiscoveryEvent} a notice becomes, one event for all the lookup services the notice
 * names, their proxies as discovery received them and each one's member groups as last heard.
 */
final class DiscoveryEvents {

    private DiscoveryEvents() {
    }

    /**
     * @param source the event source, the service's proxy
     * @param r the registration the notice is for
     * @param sequenceNumber the event's sequence number
     * @param notice what was discovered or discarded
     * @return the event
     */
    static RemoteDiscoveryEvent of(Object source, Registration r, long sequenceNumber,
            Registrations.Notice<?> notice) {
        List<MarshalledObject<?>> proxies = new ArrayList<>(notice.registrars().size());
        Map<ServiceID, String[]> groups = new LinkedHashMap<>();
        for (Registrar registrar : notice.registrars()) {
            proxies.add(registrar.proxy());
            groups.put(registrar.id(), registrar.groups().toArray(new String[0]));
        }
        try {
            return new MarshalledDiscoveryEvent(source, r.id(), sequenceNumber, r.handback(), notice.discarded(),
                    proxies, groups);
        } catch (IOException e) {
            throw new IllegalStateException("a discovery event could not be made: " + e, e);
        }
    }
}
