package org.estuary.discovery.tracking;

import java.rmi.MarshalledObject;
import java.util.List;
import java.util.Objects;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

/**
 * A lookup service as discovery knows it: its id, its proxy kept marshalled (the container may lack its classes),
 * its member groups and where it answers unicast discovery.
 *
 * @param id the lookup service's id
 * @param proxy its marshalled proxy, as the last unicast response carried it
 * @param groups its member groups, as last heard
 * @param locator where it answers unicast discovery: the locator it was found by, or the host and port of its
 *        announcements; null when it was found only by a multicast response and has not announced yet
 */
public record Registrar(ServiceID id, MarshalledObject<?> proxy, List<String> groups, LookupLocator locator) {

    /**
     * Checks and copies.
     *
     * @throws NullPointerException if the id, proxy or groups are null
     */
    public Registrar {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(proxy, "proxy");
        groups = List.copyOf(groups);
    }

    Registrar withGroups(List<String> newGroups) {
        return new Registrar(id, proxy, newGroups, locator);
    }

    Registrar withLocator(LookupLocator newLocator) {
        return new Registrar(id, proxy, groups, newLocator);
    }
}
