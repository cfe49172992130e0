package org.estuary.itest;

import java.util.List;
import java.util.Random;

/**
 * A remote client of one service under faults: it works the service through its proxy, keeps its own record of what
 * the service acknowledged (a call that returned normally), and after a restart or a failover checks the service
 * against that record. A call that fails with a {@code RemoteException} is indefinite (US.2.6): its effect may or
 * may not have happened, so it is not recorded as acknowledged.
 */
interface FaultClient {

    /** The service's name in reports. */
    String name();

    /** One operation on the service; records what it acknowledges. Throws what the call threw. */
    void step(Random random) throws Exception;

    /** How many operations the service acknowledged so far. */
    long acknowledged();

    /**
     * Checks the service against the record (the load stopped, the service serving again): each returned line names
     * one acknowledged thing the service lost or one lease that ended before its granted time. Waits (bounded) for
     * what the service completes after a restart by itself, such as rolling committed transactions forward.
     */
    List<String> check() throws Exception;

    /**
     * For {@link #check}: {@code what}, which the service answered as gone, is a loss if that was before the
     * expiration its lease was granted (a resource persists until its lease ends).
     */
    static void gone(List<String> lost, String what, long granted) {
        if (System.currentTimeMillis() < granted) {
            lost.add(what + " gone before its granted expiration " + granted);
        }
    }
}
