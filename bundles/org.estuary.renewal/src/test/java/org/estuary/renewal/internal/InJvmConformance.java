package org.estuary.renewal.internal;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.renewal.conformance.LeaseRenewalConformance;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;

/**
 * The LR conformance suite against the component's backend in this JVM, on a store of the kind a subclass names;
 * each test has a store of its own, closed after it by {@link TestStores}.
 */
abstract class InJvmConformance extends LeaseRenewalConformance {

    private final TestStores stores;
    private Harness harness;
    private LeaseRenewalService service;

    InJvmConformance(TestStores stores) {
        this.stores = stores;
    }

    @Override
    protected LeaseRenewalService service() throws Exception {
        if (service == null) {
            service = harness().start().proxy();
        }
        return service;
    }

    @Override
    protected Clock clock() {
        return harness().clock;
    }

    @Override
    protected void advance(long millis) {
        harness().advance(millis);
    }

    /** Made at first use: a store opens only while a test runs. */
    private Harness harness() {
        if (harness == null) {
            harness = new Harness(stores.open());
        }
        return harness;
    }

    @AfterEach
    void stopService() {
        if (harness != null) {
            harness.close();
        }
    }
}
