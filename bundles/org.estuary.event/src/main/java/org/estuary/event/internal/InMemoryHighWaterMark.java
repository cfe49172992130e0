package org.estuary.event.internal;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

import org.estuary.event.EventKind;
import org.estuary.event.HighWaterMark;

/** The volatile {@link HighWaterMark}: a map, as durable as the heap. */
public final class InMemoryHighWaterMark implements HighWaterMark {

    private final ConcurrentHashMap<EventKind, Long> marks = new ConcurrentHashMap<>();

    @Override
    public OptionalLong load(EventKind kind) {
        Long mark = marks.get(kind);
        return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
    }

    @Override
    public void reserve(EventKind kind, long upTo) {
        marks.merge(kind, upTo, Math::max);
    }
}
