package org.estuary.discovery.tracking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

/**
 * The registrations of the lookup discovery service, each with its {@link Interest} and the lookup services
 * discovered for it, and the notices (discovered and discarded events, before numbering) every change calls for.
 * It decides by the {@link Fanout} rules and keeps each registration's discovered set in step with the notices it
 * returns, so that no registration is told twice of one discovery (LD.3.2). Not thread-safe: the service's state
 * owner calls it under its lock and sends the notices after.
 *
 * @param <K> the registration key (the service's registration id)
 */
public final class Registrations<K> {

    /**
     * One event to send: the lookup services discovered, or discarded, for one registration, together (LD.4.2).
     *
     * @param registration the registration's key
     * @param registrars the lookup services, at least one
     * @param discarded whether they were discarded rather than discovered
     */
    public record Notice<K>(K registration, List<Registrar> registrars, boolean discarded) {
        /** Copies. */
        public Notice {
            registrars = List.copyOf(registrars);
        }
    }

    private static final class Entry implements Fanout.Subscriber {
        Interest interest;
        final Map<ServiceID, Registrar> discovered = new LinkedHashMap<>();

        Entry(Interest interest) {
            this.interest = interest;
        }

        @Override
        public Interest interest() {
            return interest;
        }

        @Override
        public boolean hasDiscovered(ServiceID id) {
            return discovered.containsKey(id);
        }
    }

    private final Map<K, Entry> entries = new LinkedHashMap<>();
    /**
     * How many registrations seek each group and each locator, and every group: what discovery must seek, kept as
     * registrations come, change and go, so that telling it costs the number of groups and locators sought, not of
     * registrations.
     */
    private final Map<String, Integer> groupCounts = new LinkedHashMap<>();
    private final Map<LookupLocator, Integer> locatorCounts = new LinkedHashMap<>();
    private int seekingEveryGroup;

    /** @return the number of registrations */
    public int size() {
        return entries.size();
    }

    /**
     * LD.3.1: a new registration; the lookup services already known that it seeks are discovered for it at once,
     * in one notice.
     *
     * @param key its key, not yet used
     * @param interest what it seeks
     * @param known the lookup services known now
     * @return the notices
     * @throws IllegalArgumentException if the key is in use
     */
    public List<Notice<K>> register(K key, Interest interest, Collection<Registrar> known) {
        if (entries.containsKey(key)) {
            throw new IllegalArgumentException("registration " + key + " exists already");
        }
        entries.put(key, new Entry(interest));
        count(interest, 1);
        return change(key, interest, known);
    }

    /**
     * LD.4.1.1: a registration's groups or locators changed.
     *
     * @param key the registration
     * @param after its interest now
     * @param known the lookup services known now
     * @return the notices: a discarded one for what it no longer seeks, a discovered one for known lookup services
     *         it now seeks and did not have
     */
    public List<Notice<K>> change(K key, Interest after, Collection<Registrar> known) {
        Entry e = entry(key);
        count(e.interest, -1);
        count(after, 1);
        e.interest = after;
        Fanout.Change change = Fanout.interestChanged(after, e.discovered.values(), known);
        List<Notice<K>> notices = new ArrayList<>();
        if (!change.discarded().isEmpty()) {
            change.discarded().forEach(r -> e.discovered.remove(r.id()));
            notices.add(new Notice<>(key, change.discarded(), true));
        }
        if (!change.discovered().isEmpty()) {
            change.discovered().forEach(r -> e.discovered.put(r.id(), r));
            notices.add(new Notice<>(key, change.discovered(), false));
        }
        return notices;
    }

    /**
     * A registration ended (cancelled, expired, or cancelled for an unknown-event answer).
     *
     * @param key the registration
     * @return whether it existed
     */
    public boolean remove(K key) {
        Entry e = entries.remove(key);
        if (e == null) {
            return false;
        }
        count(e.interest, -1);
        return true;
    }

    /**
     * A lookup service became known, or known by group again.
     *
     * @param r the lookup service
     * @return a discovered notice for each registration that seeks it and does not have it
     */
    public List<Notice<K>> discovered(Registrar r) {
        List<Notice<K>> notices = new ArrayList<>();
        for (K key : Fanout.discovered(r, entries)) {
            entries.get(key).discovered.put(r.id(), r);
            notices.add(new Notice<>(key, List.of(r), false));
        }
        return notices;
    }

    /**
     * A known lookup service changed its groups (LD.3.1).
     *
     * @param r the lookup service with its new groups
     * @return discarded notices where interest is lost, discovered notices where it is gained
     */
    public List<Notice<K>> groupsChanged(Registrar r) {
        Fanout.Keys<K> keys = Fanout.groupsChanged(r, entries);
        List<Notice<K>> notices = new ArrayList<>();
        for (K key : keys.discarded()) {
            entries.get(key).discovered.remove(r.id());
            notices.add(new Notice<>(key, List.of(r), true));
        }
        for (K key : keys.discovered()) {
            entries.get(key).discovered.put(r.id(), r);
            notices.add(new Notice<>(key, List.of(r), false));
        }
        entries.values().forEach(e -> e.discovered.computeIfPresent(r.id(), (id, old) -> r));
        return notices;
    }

    /**
     * A lookup service fell silent (LD.3.1): passive communication discards for the registrations that had it and
     * seek it by group.
     *
     * @param r the silent lookup service
     * @return the discarded notices
     */
    public List<Notice<K>> silent(Registrar r) {
        List<Notice<K>> notices = new ArrayList<>();
        for (K key : Fanout.silent(r, entries)) {
            entries.get(key).discovered.remove(r.id());
            notices.add(new Notice<>(key, List.of(r), true));
        }
        return notices;
    }

    /**
     * LD.4.1.1 {@code discard}: the registration no longer has the lookup service and is told so; it hears of it
     * again when it is rediscovered. The caller asks discovery to forget and look again.
     *
     * @param key the registration
     * @param id the lookup service's id
     * @return the discarded notice, or none if the registration did not have it
     */
    public List<Notice<K>> discard(K key, ServiceID id) {
        Registrar r = entry(key).discovered.remove(id);
        return r == null ? List.of() : List.of(new Notice<>(key, List.of(r), true));
    }

    /**
     * @param key the registration
     * @return its interest
     */
    public Interest interest(K key) {
        return entry(key).interest;
    }

    /**
     * @param key the registration
     * @return the lookup services discovered for it, in discovery order
     */
    public List<Registrar> discovered(K key) {
        return List.copyOf(entry(key).discovered.values());
    }

    /** @return the groups any registration seeks, null if one seeks every group: what discovery must seek */
    Set<String> groupsSought() {
        return seekingEveryGroup > 0 ? null : new LinkedHashSet<>(groupCounts.keySet());
    }

    /** @return the locators any registration seeks */
    Set<LookupLocator> locatorsSought() {
        return new LinkedHashSet<>(locatorCounts.keySet());
    }

    /** Adds ({@code delta} 1) or takes away (-1) one registration's interest from the counts of what is sought. */
    private void count(Interest interest, int delta) {
        if (interest.groups() == null) {
            seekingEveryGroup += delta;
        } else {
            interest.groups().forEach(g -> groupCounts.merge(g, delta, Registrations::sumOrNone));
        }
        interest.locators().forEach(l -> locatorCounts.merge(l, delta, Registrations::sumOrNone));
    }

    /** A count after a change; null (the key is removed) once no registration seeks it. */
    private static Integer sumOrNone(Integer count, Integer delta) {
        int sum = count + delta;
        return sum == 0 ? null : sum;
    }

    private Entry entry(K key) {
        Entry e = entries.get(key);
        if (e == null) {
            throw new IllegalArgumentException("no registration " + key);
        }
        return e;
    }
}
