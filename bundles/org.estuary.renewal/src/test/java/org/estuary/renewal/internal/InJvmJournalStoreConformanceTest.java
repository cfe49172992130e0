package org.estuary.renewal.internal;

import java.nio.file.Path;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.Clock;
import org.estuary.renewal.conformance.LeaseRenewalConformance;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** The LR conformance suite against the component's backend in this JVM, on the journal store. */
class InJvmJournalStoreConformanceTest extends LeaseRenewalConformance {

    @TempDir
    Path directory;

    private Harness harness;
    private LeaseRenewalService service;

    @Override
    protected LeaseRenewalService service() throws Exception {
        if (service == null) {
            harness = new Harness(Stores.journal(directory));
            service = harness.start().proxy();
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

    private Harness harness() {
        if (harness == null) {
            try {
                service();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return harness;
    }

    @AfterEach
    void close() {
        if (harness != null) {
            harness.close();
            Stores.close(harness.store);
        }
    }
}
