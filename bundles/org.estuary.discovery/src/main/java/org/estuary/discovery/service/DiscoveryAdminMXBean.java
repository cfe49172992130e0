package org.estuary.discovery.service;

import java.io.IOException;
import java.util.Map;

/**
 * The lookup discovery service over JMX ({@value #OBJECT_NAME}), the same counts and action as the console and the
 * shell, in open types: ids are the unsigned decimal text of {@code org.estuary.management.Ids}.
 */
public interface DiscoveryAdminMXBean {

    String OBJECT_NAME = "org.estuary:type=LookupDiscoveryService";

    long getRegistrationCount();

    long getRegistrarCount();

    /** The counters of {@code DiscoveryAdmin.metrics()}. */
    Map<String, Long> getMetrics();

    /** One line per registration: "id expiration-UTC groups=... locators=... lookups=N". */
    String[] registrations(long offset, int limit);

    /** One line per lookup service known: "service-id groups=... locator=... last=UTC". */
    String[] registrars(long offset, int limit);

    boolean cancel(String id) throws IOException;
}
