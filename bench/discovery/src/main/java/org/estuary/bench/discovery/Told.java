package org.estuary.bench.discovery;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

import net.jini.core.lookup.ServiceID;

/** What a lookup discovery service under measurement told its registrations, as its listener saw it. */
interface Told {

    /** When the last registration was told of {@code id} (System.nanoTime of this host), or null. */
    Long allToldAt(ServiceID id);

    /** The events the listener received so far. */
    long events();

    /** The CPU time the service's JVM used so far, every thread's. */
    long cpuNanos();

    /**
     * Waits until every registration was told of each of {@code ids}, at most {@code seconds}.
     *
     * @return whether they all were
     */
    default boolean awaitAllTold(Collection<ServiceID> ids, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!ids.stream().allMatch(id -> allToldAt(id) != null)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(1); // polling the counts, bounded by the deadline
        }
        return true;
    }
}
