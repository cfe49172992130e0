package org.estuary.bench.discovery;

import java.lang.management.ManagementFactory;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;
import net.jini.discovery.RemoteDiscoveryEvent;

/**
 * The one listener of every registration, exported with RMI: counts, per lookup service, the registrations told of
 * its discovery, and notes when the last of them was. The events' groups name the lookup services by id, so no proxy
 * is unmarshalled here.
 */
final class Arrivals implements RemoteEventListener, Told {

    private final int registrations;
    private final Map<ServiceID, AtomicInteger> told = new ConcurrentHashMap<>();
    private final Map<ServiceID, Long> allToldAt = new ConcurrentHashMap<>();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong discards = new AtomicLong();
    private final AtomicLong lastAt = new AtomicLong();

    Arrivals(int registrations) {
        this.registrations = registrations;
    }

    @Override
    public void notify(RemoteEvent event) throws RemoteException {
        long now = System.nanoTime();
        RemoteDiscoveryEvent discovery = (RemoteDiscoveryEvent) event;
        events.incrementAndGet();
        lastAt.accumulateAndGet(now, Math::max);
        if (discovery.isDiscarded()) {
            discards.incrementAndGet();
            return;
        }
        for (ServiceID id : discovery.getGroups().keySet()) {
            if (told.computeIfAbsent(id, any -> new AtomicInteger()).incrementAndGet() == registrations) {
                allToldAt.put(id, now);
            }
        }
    }

    @Override
    public Long allToldAt(ServiceID id) {
        return allToldAt.get(id);
    }

    /** The registrations told of {@code id} so far. */
    int told(ServiceID id) {
        AtomicInteger n = told.get(id);
        return n == null ? 0 : n.get();
    }

    @Override
    public long events() {
        return events.get();
    }

    @Override
    public long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    long discards() {
        return discards.get();
    }
}
