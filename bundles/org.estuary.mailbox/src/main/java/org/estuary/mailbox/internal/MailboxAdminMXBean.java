package org.estuary.mailbox.internal;

import java.io.IOException;

/**
 * The event mailbox over JMX ({@value #OBJECT_NAME}), the same counts and actions as the console and the shell, in
 * open types: ids are the unsigned decimal text of {@code org.estuary.management.Ids}.
 */
public interface MailboxAdminMXBean {

    String OBJECT_NAME = "org.estuary:type=EventMailbox";

    long getRegistrationCount();

    long getEventCount();

    long getBytes();

    /** The counters and store-write latencies of {@code MailboxAdmin.metrics()}. */
    java.util.Map<String, Long> getMetrics();

    /** One line per registration: "id expiration-UTC events=N bytes=N target=... iterator=N unknown=N". */
    String[] registrations(long offset, int limit);

    boolean disableDelivery(String id) throws IOException;

    boolean cancel(String id) throws IOException;
}
