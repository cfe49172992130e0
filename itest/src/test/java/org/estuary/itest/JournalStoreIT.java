package org.estuary.itest;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Issue 4 item 1 in Karaf: the `estuary` feature installs the journal store (with its embedded Artemis journal
 * and the Netty bundles it imports); it registers with store.type=journal, keeps its files under Karaf's data
 * directory, and writes and reads through the SPI.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class JournalStoreIT {

    @Inject
    private BundleContext context;

    @Configuration
    public Option[] configuration() {
        return KarafOptions.distribution();
    }

    @Test
    public void theJournalStoreIsRegisteredAndKeepsWhatItAcknowledges() throws Exception {
        Collection<ServiceReference<Store>> refs = context.getServiceReferences(Store.class,
                "(" + Store.TYPE + "=" + Store.TYPE_JOURNAL + ")");
        assertEquals("one journal store", 1, refs.size());
        Store store = context.getService(refs.iterator().next());
        try {
            for (int i = 0; i < 50; i++) {
                store.applyAndWait(Batch.builder().put("itest/journal", "k" + (i % 5), new byte[] {(byte) i})
                        .build(), 10, TimeUnit.SECONDS);
            }
            store.applyAndWait(Batch.builder().delete("itest/journal", "k4").build(), 10, TimeUnit.SECONDS);
            Map<String, byte[]> seen = new TreeMap<>();
            store.scan("itest/journal", seen::put);
            assertEquals(4, seen.size());
            assertArrayEquals(new byte[] {45}, seen.get("k0"));
            StoreStats stats = store.stats();
            assertEquals(Store.TYPE_JOURNAL, stats.type());
            assertTrue("commits counted: " + stats, stats.commits() >= 51);
            File data = new File(System.getProperty("karaf.data"), "estuary/journal");
            assertTrue("journal files under karaf.data: " + data, data.isDirectory() && data.list().length > 0);
        } finally {
            context.ungetService(refs.iterator().next());
        }
    }
}
