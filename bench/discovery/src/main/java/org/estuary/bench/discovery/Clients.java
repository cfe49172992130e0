package org.estuary.bench.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.discovery.LookupDiscoveryService;

/**
 * The benchmark's clients: 8 threads registering with a lookup discovery service at once. It names only
 * {@code net.jini} types, so Fiddler's JVM runs it too, against River's.
 */
public final class Clients {

    private Clients() {
    }

    /**
     * Makes {@code registrations} registrations seeking {@code group}, each with {@code listener} and a
     * {@code Lease.FOREVER} request.
     *
     * @return registrations per second
     */
    public static double register(LookupDiscoveryService lds, RemoteEventListener listener, int registrations,
            String group) throws Exception {
        int clients = 8;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            long start = System.nanoTime();
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int share = registrations / clients + (c < registrations % clients ? 1 : 0);
                done.add(pool.submit(() -> {
                    for (int i = 0; i < share; i++) {
                        lds.register(new String[] {group}, new LookupLocator[0], listener, null, Lease.FOREVER);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(10, TimeUnit.MINUTES);
            }
            return registrations / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }
}
