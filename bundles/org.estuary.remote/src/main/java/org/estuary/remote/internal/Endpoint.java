package org.estuary.remote.internal;

import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;

/**
 * What one exporter or client of this JVM brings to the stubs it reads: its key material and its call timeout,
 * which caps the timeouts the stubs' own factories carry (a client cannot make a service wait longer than the
 * service allows). It is the transport part of that exporter's {@code ReadScope}s, so a stub read in its calls or
 * in the replies to its calls connects with it. The running exporters are registered here (each registers itself
 * when it starts and withdraws when it closes) for stubs read outside any scope (from a store, by other code).
 *
 * @param ssl the key material, or null for plain TCP
 * @param callTimeoutMs the longest wait for a reply on its connections
 */
public record Endpoint(SSLContext ssl, int callTimeoutMs) {

    private static final Set<Endpoint> RUNNING = ConcurrentHashMap.newKeySet();

    /** An exporter with this endpoint runs, until {@link #stopped()}. */
    public void started() {
        RUNNING.add(this);
    }

    /** Its exporter closed. */
    public void stopped() {
        RUNNING.remove(this);
    }

    /**
     * For a stub read outside any scope: the lowest call timeout of the running exporters (no limit without one).
     */
    public static int runningCallTimeoutMs() {
        int lowest = Integer.MAX_VALUE;
        for (Endpoint running : RUNNING) {
            lowest = Math.min(lowest, running.callTimeoutMs);
        }
        return lowest;
    }

    /**
     * For a TLS stub read outside any scope: the only TLS context a running exporter has, else the JDK's default
     * ({@code javax.net.ssl.*} properties). Never "the last one started": with several, a factory that belongs to
     * none of them cannot guess.
     */
    public static SSLSocketFactory runningTlsFactory() {
        SSLContext only = null;
        for (Iterator<Endpoint> it = RUNNING.iterator(); it.hasNext(); ) {
            SSLContext ssl = it.next().ssl;
            if (ssl == null || ssl == only) {
                continue;
            }
            if (only != null) {
                return (SSLSocketFactory) SSLSocketFactory.getDefault();
            }
            only = ssl;
        }
        return only != null ? only.getSocketFactory() : (SSLSocketFactory) SSLSocketFactory.getDefault();
    }

    /** Identity: two exporters with equal settings are still two. */
    @Override
    public boolean equals(Object other) {
        return this == other;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
