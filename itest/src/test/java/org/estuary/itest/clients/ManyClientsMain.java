package org.estuary.itest.clients;

import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEventListener;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;

/**
 * Many remote clients at once, each with its own {@link EstuaryClient}, all starting together: each
 * creates a renewal set with a short lease and gives the container a listener of its own to call. Writes the sets'
 * proxies to a file, prints {@code HELD n}, then waits to be killed. Args: host, port, clients, set lease (ms), file.
 */
public final class ManyClientsMain {

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        int clients = Integer.parseInt(args[2]);
        long leaseMs = Long.parseLong(args[3]);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<LeaseRenewalSet>> results = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int index = i;
            results.add(pool.submit(() -> {
                go.await();
                EstuaryClient client = EstuaryClient.connect(host, port); // kept open until the JVM dies
                LeaseRenewalSet set = client.lookup(LeaseRenewalService.class).createLeaseRenewalSet(leaseMs);
                // its own listener object (RMI exports an object once per JVM)
                RemoteEventListener listener = client.exportListener(
                        event -> System.out.println("client " + index + ": " + event));
                set.setRenewalFailureListener(listener, null);
                return set;
            }));
        }
        go.countDown();
        List<LeaseRenewalSet> sets = new ArrayList<>();
        try {
            for (Future<LeaseRenewalSet> result : results) {
                sets.add(result.get(120, TimeUnit.SECONDS));
            }
        } catch (Exception e) {
            e.printStackTrace(System.out);
            System.exit(1);
        }
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(Path.of(args[4])))) {
            out.writeObject(sets);
        }
        System.out.println("HELD " + sets.size());
        System.out.flush();
        Thread.sleep(TimeUnit.MINUTES.toMillis(10)); // until the test kills this JVM
    }
}
