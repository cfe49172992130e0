package org.estuary.event.agent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import net.jini.core.event.RemoteEvent;

import org.estuary.core.time.Times;
import org.estuary.event.EventKind;
import org.osgi.annotation.versioning.ProviderType;

/** The common {@link EventPattern}s (EV.3.2.2). */
@ProviderType
public final class EventPatterns {

    /** The largest count {@link #countWithin} accepts: the pattern holds that many events. */
    public static final int MAX_COUNT = 100_000;

    private EventPatterns() {
    }

    /**
     * Complete once an event of every one of {@code kinds} has arrived; gives the latest event of each kind, in
     * arrival order.
     *
     * @throws NullPointerException if {@code kinds} or an element is null
     * @throws IllegalArgumentException if {@code kinds} is empty
     */
    public static EventPattern allOf(Collection<EventKind> kinds) {
        return new AllOf(kinds, Long.MAX_VALUE);
    }

    /**
     * Complete once events of every one of {@code kinds} have arrived within {@code window} of each other; older
     * events drop out of the window.
     *
     * @throws NullPointerException if an argument or an element is null
     * @throws IllegalArgumentException if {@code kinds} is empty or {@code window} is not positive
     */
    public static EventPattern allOfWithin(Collection<EventKind> kinds, long window, TimeUnit unit) {
        return new AllOf(kinds, positiveNanos(window, unit));
    }

    /**
     * Complete once {@code count} distinct events that {@code which} accepts have arrived within {@code window};
     * an event delivered twice (same kind and sequence number, EV.4.1) counts once.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code count} is not within 1 and {@link #MAX_COUNT}, or {@code window}
     *         is not positive
     */
    public static EventPattern countWithin(Predicate<? super RemoteEvent> which, int count, long window,
            TimeUnit unit) {
        Objects.requireNonNull(which, "which");
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("count must be within 1 and " + MAX_COUNT + ": " + count);
        }
        return new CountWithin(which, count, positiveNanos(window, unit));
    }

    private static long positiveNanos(long window, TimeUnit unit) {
        Objects.requireNonNull(unit, "unit");
        if (window <= 0) {
            throw new IllegalArgumentException("window must be positive: " + window + " " + unit);
        }
        return unit.toNanos(window);
    }

    private static final class Arrival {
        final RemoteEvent event;
        final long at;

        Arrival(RemoteEvent event, long at) {
            this.event = event;
            this.at = at;
        }
    }

    private static final class AllOf implements EventPattern {
        private final Set<EventKind> kinds;
        private final long windowNanos;
        private final LinkedHashMap<EventKind, Arrival> latest = new LinkedHashMap<>();

        AllOf(Collection<EventKind> kinds, long windowNanos) {
            Objects.requireNonNull(kinds, "kinds");
            for (EventKind kind : kinds) {
                Objects.requireNonNull(kind, "kinds must not contain null");
            }
            if (kinds.isEmpty()) {
                throw new IllegalArgumentException("a pattern needs at least one kind of event");
            }
            this.kinds = new LinkedHashSet<>(kinds);
            this.windowNanos = windowNanos;
        }

        @Override
        public boolean recognizes(RemoteEvent event) {
            return kinds.contains(EventKind.of(event));
        }

        @Override
        public List<RemoteEvent> offer(RemoteEvent event, long nowNanos) {
            EventKind kind = EventKind.of(event);
            latest.remove(kind); // re-insert: the map stays in arrival order
            latest.put(kind, new Arrival(event, nowNanos));
            long oldest = Times.saturatedSubtract(nowNanos, windowNanos);
            latest.values().removeIf(arrival -> arrival.at < oldest);
            if (latest.size() < kinds.size()) {
                return List.of();
            }
            List<RemoteEvent> matched = new ArrayList<>();
            latest.values().forEach(arrival -> matched.add(arrival.event));
            latest.clear();
            return matched;
        }
    }

    private static final class CountWithin implements EventPattern {
        private final Predicate<? super RemoteEvent> which;
        private final int count;
        private final long windowNanos;
        private final ArrayDeque<Arrival> arrivals = new ArrayDeque<>();

        CountWithin(Predicate<? super RemoteEvent> which, int count, long windowNanos) {
            this.which = which;
            this.count = count;
            this.windowNanos = windowNanos;
        }

        @Override
        public boolean recognizes(RemoteEvent event) {
            return which.test(event);
        }

        @Override
        public List<RemoteEvent> offer(RemoteEvent event, long nowNanos) {
            long oldest = Times.saturatedSubtract(nowNanos, windowNanos);
            while (!arrivals.isEmpty() && arrivals.peekFirst().at < oldest) {
                arrivals.pollFirst();
            }
            if (isDuplicate(event)) {
                return List.of();
            }
            arrivals.addLast(new Arrival(event, nowNanos));
            if (arrivals.size() < count) {
                return List.of();
            }
            List<RemoteEvent> matched = new ArrayList<>(arrivals.size());
            arrivals.forEach(arrival -> matched.add(arrival.event));
            arrivals.clear();
            return matched;
        }

        private boolean isDuplicate(RemoteEvent event) {
            EventKind kind = EventKind.of(event);
            for (Iterator<Arrival> it = arrivals.iterator(); it.hasNext();) {
                RemoteEvent held = it.next().event;
                if (held.getSequenceNumber() == event.getSequenceNumber() && kind.matches(held)) {
                    return true;
                }
            }
            return false;
        }
    }
}
