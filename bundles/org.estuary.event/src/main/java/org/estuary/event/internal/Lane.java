package org.estuary.event.internal;

import java.util.ArrayDeque;

/**
 * The events of one lane, attempted one at a time in submission order. Guarded by the engine's lock.
 * {@code active} is true while the lane is in the ready queue, its head is being attempted or waits to retry,
 * or the callback of its last attempt runs; an inactive lane is empty and not in the engine's table.
 */
final class Lane {
    final Object key;
    final ArrayDeque<Job> jobs = new ArrayDeque<>();
    boolean active;

    Lane(Object key) {
        this.key = key;
    }
}
