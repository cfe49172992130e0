package org.estuary.store.journal.internal;

import java.nio.file.Path;

import org.estuary.store.api.Store;
import org.estuary.store.api.conformance.PersistentStoreConformanceTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal store against the store contract (Store S1 to S8), through its DS component, including the parts
 * the memory store skips: restart over the same directory and a commit that fails.
 */
class JournalStoreConformanceTest extends PersistentStoreConformanceTest<JournalSettings, TestProbe> {

    @TempDir
    Path root;

    private int stores;

    @Override
    protected JournalSettings settings(Limits limits) {
        Limits l = limits.or(1_000_000, 268_435_456);
        return TestSettings.of(root.resolve("store" + stores++)).withFiles(1024 * 1024, 30, 4)
                .withLimits(l.maxRecords(), l.maxBytes()).get();
    }

    @Override
    protected TestProbe probe() {
        return new TestProbe();
    }

    @Override
    protected Store open(JournalSettings settings, TestProbe probe) {
        return new JournalStoreComponent(settings, probe);
    }

    @Override
    protected void failNextCommit(TestProbe probe) {
        probe.failNextCommit();
    }

    @Override
    protected void close(Store store) {
        ((JournalStoreComponent) store).deactivate();
    }

    @Override
    protected String expectedType() {
        return Store.TYPE_JOURNAL;
    }
}
