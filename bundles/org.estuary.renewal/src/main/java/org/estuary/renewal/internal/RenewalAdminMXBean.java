package org.estuary.renewal.internal;

import java.io.IOException;

/**
 * The lease renewal service over JMX ({@value #OBJECT_NAME}), the same counts and actions as the
 * console and the shell, in open types: ids are the unsigned decimal text of {@code org.estuary.management.Ids}.
 */
public interface RenewalAdminMXBean {

    String OBJECT_NAME = "org.estuary:type=RenewalService";

    long getSetCount();

    long getLeaseCount();

    /** The counters and store-write latencies of {@code RenewalAdmin.metrics()}. */
    java.util.Map<String, Long> getMetrics();

    /** One line per set: "id expiration-UTC leases=N warning=... failure=...". */
    String[] sets(long offset, int limit);

    /** One line per client lease of a set: "key desired=... actual=... renew=ms failure=... lease". */
    String[] leases(String setId, long offset, int limit);

    boolean cancelSet(String setId) throws IOException;

    boolean removeLease(String setId, String leaseKey) throws IOException;
}
