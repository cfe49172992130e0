package org.estuary.discovery.tracking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import net.jini.core.lookup.ServiceID;

/**
 * Which registrations of the lookup discovery service hear of which lookup services: the event rules of LD.3.1,
 * LD.3.2 and LD.4.1.1 as functions of each registration's {@link Interest} and of the lookup services already
 * discovered for it. It decides only; the service keeps the state and sends the events.
 */
final class Fanout {

    /** One registration as the rules see it. */
    public interface Subscriber {
        /** @return what the registration seeks */
        Interest interest();

        /** @return whether a discovered event for this lookup service was sent and no discarded event since */
        boolean hasDiscovered(ServiceID id);
    }

    /**
     * The events one change of a registration's interest calls for.
     *
     * @param discovered lookup services to announce as discovered, in one event
     * @param discarded lookup services to announce as discarded, in one event
     */
    public record Change(List<Registrar> discovered, List<Registrar> discarded) {
        /** Copies. */
        public Change {
            discovered = List.copyOf(discovered);
            discarded = List.copyOf(discarded);
        }
    }

    /**
     * The registrations one change of a lookup service calls for.
     *
     * @param discovered keys of the registrations to send a discovered event
     * @param discarded keys of the registrations to send a discarded event
     */
    public record Keys<K>(List<K> discovered, List<K> discarded) {
        /** Copies. */
        public Keys {
            discovered = List.copyOf(discovered);
            discarded = List.copyOf(discarded);
        }
    }

    private Fanout() {
    }

    /**
     * LD.3.2: a lookup service became known (or known by group again): every registration that seeks it and has no
     * discovered event for it outstanding gets one; at most one per lookup service until it is discarded.
     *
     * @param r the lookup service
     * @param registrations the registrations by key
     * @return the keys of the registrations to notify
     */
    public static <K> List<K> discovered(Registrar r, Map<K, ? extends Subscriber> registrations) {
        List<K> result = new ArrayList<>();
        registrations.forEach((k, s) -> {
            if (!s.hasDiscovered(r.id()) && s.interest().wants(r)) {
                result.add(k);
            }
        });
        return result;
    }

    /**
     * LD.3.1: a known lookup service changed its groups. A registration that had it and no longer seeks it (by group
     * or locator) gets a passive no-interest discarded event; one that seeks it now and did not have it gets a
     * discovered event.
     *
     * @param r the lookup service with its new groups
     * @param registrations the registrations by key
     * @return the registrations to notify
     */
    public static <K> Keys<K> groupsChanged(Registrar r, Map<K, ? extends Subscriber> registrations) {
        List<K> discovered = new ArrayList<>();
        List<K> discarded = new ArrayList<>();
        registrations.forEach((k, s) -> {
            boolean had = s.hasDiscovered(r.id());
            boolean wants = s.interest().wants(r);
            if (had && !wants) {
                discarded.add(k);
            } else if (!had && wants) {
                discovered.add(k);
            }
        });
        return new Keys<>(discovered, discarded);
    }

    /**
     * LD.3.1: a lookup service fell silent. Only registrations that had it and seek it by group get a passive
     * communication discarded event; a registration that seeks it by locator only keeps it.
     *
     * @param r the silent lookup service
     * @param registrations the registrations by key
     * @return the keys of the registrations to send a discarded event
     */
    public static <K> List<K> silent(Registrar r, Map<K, ? extends Subscriber> registrations) {
        List<K> result = new ArrayList<>();
        registrations.forEach((k, s) -> {
            if (s.hasDiscovered(r.id()) && s.interest().byGroup(r)) {
                result.add(k);
            }
        });
        return result;
    }

    /**
     * LD.3.1, LD.4.1.1: a registration was created, or its groups or locators changed. Lookup services already
     * known that it now seeks and did not have are discovered for it (in one event, the first events after
     * {@code register} among them); lookup services it had and now seeks by neither group nor locator are
     * discarded (in one event).
     *
     * @param after the registration's interest now
     * @param had the lookup services discovered for it so far
     * @param known the lookup services the service knows
     * @return the events
     */
    public static Change interestChanged(Interest after, Collection<Registrar> had, Collection<Registrar> known) {
        List<Registrar> discovered = new ArrayList<>();
        List<Registrar> discarded = new ArrayList<>();
        List<ServiceID> hadIds = new ArrayList<>();
        for (Registrar r : had) {
            hadIds.add(r.id());
            if (!after.wants(r)) {
                discarded.add(r);
            }
        }
        for (Registrar r : known) {
            if (!hadIds.contains(r.id()) && after.wants(r)) {
                discovered.add(r);
            }
        }
        return new Change(discovered, discarded);
    }
}
