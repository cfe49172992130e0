package org.estuary.discovery.tracking;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

/**
 * The lookup discovery service's registrations joined to discovery: every change of a registration's interest and
 * every report of the {@link RegistrarTracker} becomes the notices {@link Registrations} decides, and the tracker
 * always seeks the union of the registrations' groups and locators. Notices are decided under the core's lock and
 * queued, then sent by one thread at a time outside it, so the sink sees them in decision order and a slow sink
 * holds no lock of the core's. What {@link #register} and {@link #change} decide is sent by the next
 * {@link #flush} (or by the next report of the tracker), so a service can decide them under its own lock, in the
 * order of its other decisions, and send them once it holds no lock. Leases, persistence, event numbering and
 * delivery are the service's, around it.
 *
 * <p>Locks: the core's lock, then the tracker's; the tracker reports outside its lock, so the two never wait for
 * each other in opposite orders.
 *
 * @param <K> the registration key
 */
public final class DiscoveryCore<K> implements RegistrarTracker.Listener {

    /** Receives the notices, outside the core's lock. */
    public interface Sink<K> {
        void send(List<Registrations.Notice<K>> notices);
    }

    private final Registrations<K> registrations = new Registrations<>();
    private final Sink<K> sink;
    private final Queue<List<Registrations.Notice<K>>> decided = new ConcurrentLinkedQueue<>();
    private final Object sending = new Object();
    private RegistrarTracker tracker;

    /**
     * Creates the core; {@link #attach} gives it its tracker.
     *
     * @param sink receives the notices
     */
    public DiscoveryCore(Sink<K> sink) {
        this.sink = sink;
    }

    /**
     * Attaches the tracker this core is the listener of.
     *
     * @param attached the tracker
     */
    public synchronized void attach(RegistrarTracker attached) {
        this.tracker = attached;
        seek();
    }

    /**
     * LD.3.1 {@code register}: a new registration and the notice of the lookup services already known that it
     * seeks, sent by the next {@link #flush}.
     *
     * @param key the registration's key
     * @param interest what it seeks
     */
    public synchronized void register(K key, Interest interest) {
        decided.add(registrations.register(key, interest, tracker.registrars()));
        seek();
    }

    /**
     * LD.4.1.1, a group or locator mutator: applies it to the registration's interest; its notices are sent by the
     * next {@link #flush}.
     *
     * @param key the registration
     * @param mutator the change, which may refuse with the exception the method specifies
     */
    public synchronized void change(K key, Function<Interest, Interest> mutator) {
        Interest after = mutator.apply(registrations.interest(key));
        decided.add(registrations.change(key, after, tracker.registrars()));
        seek();
    }

    /** Sends what was decided and not yet sent, in decision order; call it holding no lock the sink may take. */
    public void flush() {
        send();
    }

    /**
     * A registration ended: it is told nothing more, and what it alone sought is no longer sought.
     *
     * @param key the registration
     */
    public synchronized void remove(K key) {
        if (registrations.remove(key)) {
            seek();
        }
    }

    /**
     * LD.4.1.1 {@code discard}: the registration is told the lookup service is discarded and hears of it again when
     * it is rediscovered; discovery forgets it and looks again.
     *
     * @param key the registration
     * @param id the lookup service's id
     */
    public void discard(K key, ServiceID id) {
        synchronized (this) {
            List<Registrations.Notice<K>> notices = registrations.discard(key, id);
            decided.add(notices);
            if (!notices.isEmpty()) {
                tracker.discard(id);
            }
        }
        send();
    }

    /**
     * @param key the registration
     * @return the lookup services discovered for it
     */
    public synchronized List<Registrar> discovered(K key) {
        return registrations.discovered(key);
    }

    /**
     * @param key the registration
     * @return its interest
     */
    public synchronized Interest interest(K key) {
        return registrations.interest(key);
    }

    @Override
    public void discovered(Registrar registrar) {
        synchronized (this) {
            decided.add(registrations.discovered(registrar));
        }
        send();
    }

    @Override
    public void groupsChanged(Registrar registrar, List<String> before) {
        synchronized (this) {
            decided.add(registrations.groupsChanged(registrar));
        }
        send();
    }

    @Override
    public void silent(Registrar registrar) {
        synchronized (this) {
            decided.add(registrations.silent(registrar));
        }
        send();
    }

    /** Sends what was decided, in the order it was decided, one sender at a time. */
    private void send() {
        synchronized (sending) {
            List<Registrations.Notice<K>> next;
            while ((next = decided.poll()) != null) {
                if (!next.isEmpty()) {
                    sink.send(next);
                }
            }
        }
    }

    private void seek() {
        Set<String> groups = registrations.groupsSought();
        Set<LookupLocator> locators = registrations.locatorsSought();
        if (tracker != null) {
            Set<String> current = tracker.groups();
            if (groups == null ? current != null : !groups.equals(current)) {
                tracker.setGroups(groups);
            }
            tracker.setLocators(new ArrayList<>(locators));
        }
    }
}
