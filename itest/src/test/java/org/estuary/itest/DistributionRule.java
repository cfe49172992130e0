package org.estuary.itest;

import org.junit.rules.ExternalResource;

/**
 * A distribution started as an operator starts it, for one test class ({@code @ClassRule}): started before the
 * class with {@code service} bound in its registry, stopped after it.
 */
final class DistributionRule extends ExternalResource {

    private final Class<?> service;
    private final RunningDistribution.Setup setup;
    private RunningDistribution karaf;

    DistributionRule(Class<?> service) {
        this(service, home -> { });
    }

    /** A distribution that {@code setup} changes before it starts. */
    DistributionRule(Class<?> service, RunningDistribution.Setup setup) {
        this.service = service;
        this.setup = setup;
    }

    RunningDistribution get() {
        return karaf;
    }

    @Override
    protected void before() throws Throwable {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()), setup);
        karaf.awaitBound(service);
    }

    @Override
    protected void after() {
        if (karaf != null) {
            try {
                karaf.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
