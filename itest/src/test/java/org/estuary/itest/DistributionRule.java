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

    private final Class<?> service;
    private final RunningDistribution.Setup setup;
    private RunningDistribution karaf;
    private EstuaryClient client;

    DistributionRule(Class<?> service) {
        this(service, home -> { });
    }

    /** A distribution that {@code setup} changes before it starts. */
    DistributionRule(Class<?> service, RunningDistribution.Setup setup) {
        this.service = service;
        this.setup = setup;
    }

    /** The distribution as it runs now (a restart replaces it). */
    RunningDistribution get() {
        return karaf;
    }

    /** A client connected to the distribution's registry (it outlives restarts: same host and port). */
    synchronized EstuaryClient client() throws IOException {
        if (client == null) {
            client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
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
