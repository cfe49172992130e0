package org.estuary.store.journal.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The changes of the batches of one commit group, over the {@link Index} as it stood before the group: the commit
 * thread plans each batch against the index plus the batches before it in the group (Store S2), and installs the
 * whole overlay in the index only once the group is durable (S3, S4), so a scan never sees a batch that may still
 * fail and a failed group leaves nothing to undo.
 */
final class Overlay {

    /** What the group did to one space: whether it emptied it first, and the slots it set (null = deleted). */
    private static final class SpaceChange {
        boolean cleared;
        final Map<String, Index.Slot> slots = new HashMap<>();
    }

    private final Index base;
    private final Map<String, SpaceChange> changes = new LinkedHashMap<>();
    long records;
    long bytes;

    Overlay(Index base) {
        this.base = base;
        this.records = base.records;
        this.bytes = base.bytes;
    }

    Index.Slot get(String space, String key) {
        SpaceChange change = changes.get(space);
        if (change != null) {
            if (change.slots.containsKey(key)) {
                return change.slots.get(key);
            }
            if (change.cleared) {
                return null;
            }
        }
        return base.get(space, key);
    }

    /** The live records of a space as the group sees it: a fresh map. */
    Map<String, Index.Slot> live(String space) {
        SpaceChange change = changes.get(space);
        Map<String, Index.Slot> live = new HashMap<>();
        if (change == null || !change.cleared) {
            live.putAll(base.spaces.getOrDefault(space, Map.of()));
        }
        if (change != null) {
            for (Map.Entry<String, Index.Slot> slot : change.slots.entrySet()) {
                if (slot.getValue() == null) {
                    live.remove(slot.getKey());
                } else {
                    live.put(slot.getKey(), slot.getValue());
                }
            }
        }
        return live;
    }

    void clear(String space) {
        SpaceChange change = changes.computeIfAbsent(space, s -> new SpaceChange());
        change.cleared = true;
        change.slots.clear();
    }

    void set(String space, String key, Index.Slot slot) {
        changes.computeIfAbsent(space, s -> new SpaceChange()).slots.put(key, slot);
    }

    /** Installs the group's changes in the index. Called with the index's write lock held. */
    void installInto(Index index) {
        for (Map.Entry<String, SpaceChange> entry : changes.entrySet()) {
            String space = entry.getKey();
            SpaceChange change = entry.getValue();
            if (change.cleared) {
                for (Map.Entry<String, Index.Slot> old : Map.copyOf(index.spaces.getOrDefault(space, Map.of()))
                        .entrySet()) {
                    index.remove(space, old.getKey());
                }
            }
            for (Map.Entry<String, Index.Slot> slot : change.slots.entrySet()) {
                if (slot.getValue() == null) {
                    index.remove(space, slot.getKey());
                } else {
                    index.put(space, slot.getKey(), slot.getValue());
                }
            }
        }
    }
}
