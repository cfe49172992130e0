package org.estuary.itest;

import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * A remote client of one service under faults: it works the service through its proxy, keeps its own record of what
 * the service acknowledged (a call that returned normally), and after a restart or a failover checks the service
 * against that record. A call that fails with a {@code RemoteException} is indefinite (US.2.6): its effect may or
 * may not have happened, so it is not recorded as acknowledged.
 */
abstract class FaultClient {

    private final AtomicLong acknowledged = new AtomicLong();

    /** The service's name in reports. */
    abstract String name();

    /** One operation on the service; records what it acknowledges. Throws what the call threw. */
    abstract void step(Random random) throws Exception;

    /**
     * Checks the service against the record (the load stopped, the service serving again): each returned line names
     * one acknowledged thing the service lost or one lease that ended before its granted time. Waits (bounded) for
     * what the service completes after a restart by itself, such as rolling committed transactions forward.
     */
    abstract List<String> check() throws Exception;

    /** Counts one operation the service acknowledged. */
    final void acknowledge() {
        acknowledged.incrementAndGet();
    }

    /** How many operations the service acknowledged so far. */
    final long acknowledged() {
        return acknowledged.get();
    }

    /** What {@code clients} found lost, all together. */
    static List<String> checkAll(List<FaultClient> clients) throws Exception {
        List<String> lost = new ArrayList<>();
        for (FaultClient client : clients) {
            lost.addAll(client.check());
        }
        return lost;
    }

    /** Each client's name and acknowledged operations, for reports: "renewal 120, mailbox 340". */
    static String acknowledged(List<FaultClient> clients) {
        return clients.stream().map(client -> client.name() + " " + client.acknowledged())
                .collect(Collectors.joining(", "));
    }

    /** A resource a client holds under a lease the service granted (a set, a registration). */
    interface Leased {
        /** What it is, in reports. */
        String what();

        /** The expiration its lease was granted. */
        long granted();
    }

    /** The check of one resource, against the client's record. */
    interface ResourceCheck<R extends Leased> {
        /**
         * Adds to {@code lost} what {@code resource} lost of the record; answers whether the client is done with it
         * (it cancelled it, so the checks stay as cheap in the last round as in the first). Throws
         * {@code NoSuchObjectException} when the service answers that it is gone.
         */
        boolean check(R resource, List<String> lost) throws Exception;
    }

    /**
     * Checks each of {@code resources} and drops those the client is done with and those the service answered as
     * gone; a resource gone before the expiration its lease was granted is a loss (it persists until its lease
     * ends).
     */
    static <R extends Leased> List<String> checkEach(List<R> resources, ResourceCheck<R> check) throws Exception {
        List<String> lost = new ArrayList<>();
        for (R resource : resources) {
            boolean done;
            try {
                done = check.check(resource, lost);
            } catch (NoSuchObjectException gone) {
                if (System.currentTimeMillis() < resource.granted()) {
                    lost.add(resource.what() + " gone before its granted expiration " + resource.granted());
                }
                done = true;
            }
            if (done) {
                resources.remove(resource);
            }
        }
        return lost;
    }
}
