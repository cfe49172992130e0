package org.estuary.renewal.internal;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.renewal.conformance.LeaseRenewalConformance;
import org.junit.jupiter.api.AfterEach;

/** The LR conformance suite against the component's backend in this JVM, on the memory store. */
class InJvmMemoryStoreConformanceTest extends LeaseRenewalConformance {

    private final Harness harness = new Harness();
    private LeaseRenewalService service;

    @Override
    protected LeaseRenewalService service() throws Exception {
        if (service == null) {
            service = harness.start().proxy();
        }
        return service;
    }

    @Override
    protected Clock clock() {
        return harness.clock;
    }

    @Override
    protected void advance(long millis) {
        harness.advance(millis);
    }

    @AfterEach
    void close() {
        harness.close();
    }
}
