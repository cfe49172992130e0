package org.estuary.itest;

import org.junit.rules.ExternalResource;

/**
 * A distribution started as an operator starts it, for one test class ({@code @ClassRule}): started before the
 * class with {@code service} bound in its registry, stopped after it.
 */
final class DistributionRule extends ExternalResource {

    private final Class<?> service;
    private RunningDistribution karaf;

    DistributionRule(Class<?> service) {
        this.service = service;
    }

    RunningDistribution get() {
        return karaf;
    }

    @Override
    protected void before() throws Throwable {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
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
