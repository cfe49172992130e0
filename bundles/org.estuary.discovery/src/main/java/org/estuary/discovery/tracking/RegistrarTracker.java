package org.estuary.discovery.tracking;

import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.estuary.core.time.Clock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.protocol.MulticastAnnouncement;
import org.estuary.discovery.protocol.UnicastResponse;

/**
 * The one owner of the lookup services discovery knows, for a set of groups sought (by multicast) and a set of
 * locators sought (by unicast): the union of what every client wants. It decides; the network is behind two small
 * interfaces, so it runs on a manual clock in tests.
 *
 * <ul>
 * <li>A lookup service is discovered when a unicast response arrives from one that is a member of a group sought
 * (or every group is sought) or that answers at a locator sought. An announcement of an unknown lookup service of
 * a group sought leads to a unicast discovery of it.</li>
 * <li>A lookup service found by group that has not announced itself for {@link DiscoverySettings#silenceMillis()}
 * is given up by group ({@link Listener#silent}); held by a locator sought as well, it stays known for the locator,
 * and its next announcement of a group sought reports it {@link Listener#discovered} by group again. Found only by
 * locator, it is never given up for silence (LD.3.1).</li>
 * <li>An announcement naming other groups than known leads to a unicast discovery of the lookup service (a packet
 * of a split announcement carries only a share of the groups, so the unicast response is what tells them); a
 * response with other groups than known changes them ({@link Listener#groupsChanged}).</li>
 * <li>Whenever the groups sought change, or a lookup service is discarded, a new round of multicast requests asks
 * for the groups, naming the lookup services already known.</li>
 * <li>A locator sought and not yet answered is tried again every request interval.</li>
 * </ul>
 *
 * <p>Thread safety: every method takes the tracker's lock; the listener is called outside it, in the order the
 * decisions were made, on the thread of the input that caused them.
 */
public final class RegistrarTracker {

    /** What the tracker reports. */
    public interface Listener {
        /** A lookup service became known, or became known by group again after falling silent. */
        void discovered(Registrar registrar);

        /** A known lookup service announced other member groups. */
        void groupsChanged(Registrar registrar, List<String> before);

        /** A lookup service found by group fell silent and was given up by group. */
        void silent(Registrar registrar);
    }

    /** The network: multicast requests and unicast discovery, both asynchronous. */
    public interface Network {
        /** Starts a new round of multicast requests (null groups: every group; empty: none). */
        void request(Collection<String> groups, Collection<ServiceID> heard);

        /** Performs unicast discovery at the locator; the answer comes back through {@link #responded}. */
        void discover(LookupLocator locator);
    }

    /** Tells the id of a marshalled proxy, or null if its classes are not available here. */
    public interface Identifier {
        ServiceID idOf(MarshalledObject<?> proxy);
    }

    private static final System.Logger LOG = System.getLogger(RegistrarTracker.class.getName());

    private final DiscoverySettings settings;
    private final Clock clock;
    private final Network network;
    private final Identifier identifier;
    private final Listener listener;
    private final Map<ServiceID, Entry> known = new LinkedHashMap<>();
    private Set<String> groups = Set.of(); // null: every group
    private Set<LookupLocator> locators = Set.of();
    private final Set<LookupLocator> pending = new HashSet<>();
    private Clock.Scheduled silenceCheck;
    private Clock.Scheduled locatorRetry;

    private static final class Entry {
        Registrar registrar;
        boolean byGroup;
        long lastHeardNanos;

        Entry(Registrar registrar, long now) {
            this.registrar = registrar;
            this.lastHeardNanos = now;
        }
    }

    /**
     * Creates a tracker that seeks nothing yet.
     *
     * @param settings the intervals
     * @param clock the clock silence is measured and retries scheduled on
     * @param network multicast requests and unicast discovery
     * @param identifier tells the id of a proxy
     * @param listener receives what the tracker decides
     */
    public RegistrarTracker(DiscoverySettings settings, Clock clock, Network network, Identifier identifier,
            Listener listener) {
        this.settings = settings;
        this.clock = clock;
        this.network = network;
        this.identifier = identifier;
        this.listener = listener;
    }

    /** Starts the periodic silence check. */
    public synchronized void start() {
        scheduleSilenceCheck();
    }

    /** Stops the periodic work. */
    public synchronized void stop() {
        if (silenceCheck != null) {
            silenceCheck.cancel();
        }
        if (locatorRetry != null) {
            locatorRetry.cancel();
        }
    }

    /**
     * Sets the groups sought, and starts a round of requests for them. Known lookup services that are members of
     * none of them and not held by a locator are forgotten without a report (whoever narrowed the interest reports
     * to its clients).
     *
     * @param newGroups the groups, null for every group
     */
    public void setGroups(Collection<String> newGroups) {
        synchronized (this) {
            groups = newGroups == null ? null : Set.copyOf(newGroups);
            known.values().removeIf(e -> !wanted(e.registrar));
            network.request(groups, List.copyOf(known.keySet()));
        }
    }

    /**
     * Sets the locators sought; new ones are asked at once, and again every request interval until they answer.
     *
     * @param newLocators the locators
     */
    public void setLocators(Collection<LookupLocator> newLocators) {
        List<LookupLocator> ask = new ArrayList<>();
        synchronized (this) {
            locators = Set.copyOf(newLocators);
            known.values().removeIf(e -> !wanted(e.registrar));
            pending.retainAll(locators);
            for (LookupLocator l : locators) {
                if (heldBy(l) == null && pending.add(l)) {
                    ask.add(l);
                }
            }
            scheduleLocatorRetry();
        }
        ask.forEach(network::discover);
    }

    /** @return the lookup services known, in the order they were discovered */
    public synchronized List<Registrar> registrars() {
        List<Registrar> result = new ArrayList<>();
        known.values().forEach(e -> result.add(e.registrar));
        return result;
    }

    /**
     * An announcement arrived.
     *
     * @param a the announcement (one packet of it)
     */
    public void announced(MulticastAnnouncement a) {
        LookupLocator at = new LookupLocator(a.host(), a.port());
        boolean ask = false;
        Runnable report = null;
        synchronized (this) {
            Entry e = known.get(a.serviceId());
            if (e != null) {
                e.lastHeardNanos = clock.nanoTime();
                if (e.registrar.locator() == null) {
                    e.registrar = e.registrar.withLocator(at);
                }
                if (!e.byGroup && matchesGroups(a.groups())) {
                    e.byGroup = true; // given up by group for silence, held by a locator, and announcing again
                    Registrar back = e.registrar;
                    report = () -> listener.discovered(back);
                }
                // Other groups than known, or a share of them in one packet of a split announcement: the lookup
                // service's unicast response tells which.
                if (!new HashSet<>(e.registrar.groups()).equals(new HashSet<>(a.groups())) && pending.add(at)) {
                    ask = true;
                }
            } else if (matchesGroups(a.groups()) && pending.add(at)) {
                ask = true;
            }
        }
        if (ask) {
            network.discover(at);
        }
        if (report != null) {
            report.run();
        }
    }

    /**
     * A unicast response arrived, from a locator asked or from a lookup service answering a multicast request.
     *
     * @param from the locator asked, or null for a response to a multicast request
     * @param response the response
     */
    public void responded(LookupLocator from, UnicastResponse response) {
        ServiceID id = identifier.idOf(response.registrar());
        Runnable report = null;
        synchronized (this) {
            if (from != null) {
                pending.remove(from);
            }
            if (id == null) {
                return;
            }
            Entry e = known.get(id);
            if (e != null) {
                if (!new HashSet<>(e.registrar.groups()).equals(new HashSet<>(response.groups()))) {
                    List<String> before = e.registrar.groups();
                    e.registrar = e.registrar.withGroups(response.groups());
                    Registrar changed = e.registrar;
                    report = () -> listener.groupsChanged(changed, before);
                }
            } else {
                boolean byGroup = matchesGroups(response.groups());
                boolean byLocator = from != null && locators.contains(from);
                if (!byGroup && !byLocator) {
                    return;
                }
                e = new Entry(new Registrar(id, response.registrar(), response.groups(), from), clock.nanoTime());
                e.byGroup = byGroup;
                known.put(id, e);
                Registrar found = e.registrar;
                report = () -> listener.discovered(found);
            }
        }
        if (report != null) {
            report.run();
        }
    }

    /**
     * A unicast discovery failed; a locator sought is asked again at the next retry.
     *
     * @param from the locator asked
     */
    public synchronized void failed(LookupLocator from) {
        pending.remove(from);
    }

    /**
     * Forgets a lookup service (LD: a client discarded it) and asks anew, so that it is discovered again if it is
     * still there.
     *
     * @param id the lookup service's id
     * @return the registrar forgotten, or null if it was not known
     */
    public Registrar discard(ServiceID id) {
        Entry e;
        List<LookupLocator> ask = new ArrayList<>();
        synchronized (this) {
            e = known.remove(id);
            if (e == null) {
                return null;
            }
            network.request(groups, List.copyOf(known.keySet()));
            LookupLocator l = e.registrar.locator();
            if (l != null && locators.contains(l) && pending.add(l)) {
                ask.add(l);
            }
        }
        ask.forEach(network::discover);
        return e.registrar;
    }

    private void scheduleSilenceCheck() {
        silenceCheck = clock.schedule(this::checkSilence, settings.announcementIntervalMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void checkSilence() {
        List<Registrar> silent = new ArrayList<>();
        synchronized (this) {
            long now = clock.nanoTime();
            long limit = TimeUnit.MILLISECONDS.toNanos(settings.silenceMillis());
            known.values().removeIf(e -> {
                if (!e.byGroup || now - e.lastHeardNanos < limit) {
                    return false;
                }
                silent.add(e.registrar);
                // LD.3.1: held by a locator, it stays known for that, and is found by group again when it announces.
                e.byGroup = false;
                return heldByLocator(e.registrar) == null;
            });
            scheduleSilenceCheck();
        }
        for (Registrar r : silent) {
            LOG.log(System.Logger.Level.INFO, "lookup service " + r.id() + " at " + r.locator()
                    + " given up: no announcement for " + settings.silenceMillis() + " ms");
            listener.silent(r);
        }
    }

    private void scheduleLocatorRetry() {
        if (locatorRetry == null && !locators.isEmpty()) {
            locatorRetry = clock.schedule(this::retryLocators, settings.requestIntervalMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    private void retryLocators() {
        List<LookupLocator> ask = new ArrayList<>();
        synchronized (this) {
            locatorRetry = null;
            for (LookupLocator l : locators) {
                if (heldBy(l) == null && pending.add(l)) {
                    ask.add(l);
                }
            }
            if (locators.stream().anyMatch(l -> heldBy(l) == null)) {
                scheduleLocatorRetry();
            }
        }
        ask.forEach(network::discover);
    }

    private boolean matchesGroups(Collection<String> memberGroups) {
        return groups == null ? true : !Collections.disjoint(groups, memberGroups);
    }

    private boolean wanted(Registrar r) {
        return matchesGroups(r.groups()) || heldByLocator(r) != null;
    }

    private LookupLocator heldByLocator(Registrar r) {
        return r.locator() != null && locators.contains(r.locator()) ? r.locator() : null;
    }

    private Registrar heldBy(LookupLocator l) {
        for (Entry e : known.values()) {
            if (l.equals(e.registrar.locator())) {
                return e.registrar;
            }
        }
        return null;
    }

    /**
     * A lookup service known, as views show it.
     *
     * @param registrar the lookup service
     * @param byGroup whether it is known by group (else only by a locator sought)
     * @param lastHeardNanos when it last announced itself or was discovered, on the clock's {@code nanoTime}
     */
    public record Heard(Registrar registrar, boolean byGroup, long lastHeardNanos) {
    }

    /** @return the lookup services known, in the order they were discovered; for views */
    public synchronized List<Heard> heard() {
        List<Heard> result = new ArrayList<>();
        known.values().forEach(e -> result.add(new Heard(e.registrar, e.byGroup, e.lastHeardNanos)));
        return result;
    }

    /** @return the groups sought now, null for every group; for views */
    public synchronized Set<String> groups() {
        return groups == null ? null : Collections.unmodifiableSet(new LinkedHashSet<>(groups));
    }
}
