package org.estuary.itest;

import java.io.IOException;

import org.estuary.client.EstuaryClient;
import org.junit.rules.ExternalResource;

/**
 * A distribution started as an operator starts it, for one test class ({@code @ClassRule}): started before the
 * class with {@code service} bound in its registry, stopped after it; a client of it from this JVM on first use,
 * closed before it stops; a restart or a crash that waits until the service is bound again.
 */
final class DistributionRule extends ExternalResource {

    /** What the operator does once the distribution first runs (a bundle installed, which later starts keep). */
    @FunctionalInterface
    interface Started {
        void apply(RunningDistribution karaf) throws Exception;
    }

    private final Class<?> service;
    private final RunningDistribution.Setup setup;
    /** Classes of the operator's own the container and this JVM's client read; null for none. */
    private final String allowed;
    private final Started started;
    private RunningDistribution karaf;
    private EstuaryClient client;

    DistributionRule(Class<?> service) {
        this(service, home -> { });
    }

    /** A distribution that {@code setup} changes before it starts. */
    DistributionRule(Class<?> service, RunningDistribution.Setup setup) {
        this(service, setup, null, karaf -> { });
    }

    private DistributionRule(Class<?> service, RunningDistribution.Setup setup, String allowed, Started started) {
        this.service = service;
        this.setup = setup;
        this.allowed = allowed;
        this.started = started;
    }

    /**
     * A distribution whose allowlist and client take the classes matching {@code pattern} (an operator's
     * {@code allowlist.extra}), with {@code started} done once it first runs.
     */
    static DistributionRule allowing(Class<?> service, String pattern, Started started) {
        return new DistributionRule(service, RunningDistribution.allowing(pattern), pattern, started);
    }

    /** The distribution as it runs now (a restart replaces it). */
    RunningDistribution get() {
        return karaf;
    }

    /** A client connected to the distribution's registry (it outlives restarts: same host and port). */
    synchronized EstuaryClient client() throws IOException {
        if (client == null) {
            client = allowed == null ? EstuaryClient.connect("127.0.0.1", karaf.registryPort)
                    : karaf.clientAllowing(allowed);
        }
        return client;
    }

    /** Kills the container with SIGKILL, starts it again and waits until the service is bound. */
    RunningDistribution crashAndRestart() throws IOException, InterruptedException {
        karaf = karaf.crashAndRestart();
        karaf.awaitBound(service);
        return karaf;
    }

    /** Stops the container in order, starts it again and waits until the service is bound. */
    RunningDistribution restart() throws IOException, InterruptedException {
        karaf = karaf.restart();
        karaf.awaitBound(service);
        return karaf;
    }

    @Override
    protected void before() throws Throwable {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()), setup);
        karaf.awaitBound(service);
        started.apply(karaf);
    }

    @Override
    protected void after() {
        synchronized (this) {
            if (client != null) {
                client.close();
            }
        }
        if (karaf != null) {
            try {
                karaf.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
