package org.estuary.store.jdbc.internal;

/** Failover over JMX ({@value #OBJECT_NAME}): the same rows as the console and the shell. */
public interface FailoverMXBean {

    String OBJECT_NAME = "org.estuary:type=Failover";

    /** This container's member name. */
    String getMember();

    /** One line per instance: "renewal active|standby active=MEMBER endpoint=HOST:PORT token=N since=UTC". */
    String[] getRoles();
}
