package org.estuary.itest;

import static org.junit.Assert.assertTrue;

import java.io.File;

import org.estuary.store.api.Store;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The store suite on the journal store, the default: the `estuary` feature installs it (with its embedded Artemis
 * journal and the Netty bundles it imports), and it keeps its files under Karaf's data directory.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class JournalStoreIT extends AbstractStoreIT {

    @Override
    protected String type() {
        return Store.TYPE_JOURNAL;
    }

    @Override
    protected String bundleName() {
        return "org.estuary.store.journal";
    }

    @Override
    protected boolean persistent() {
        return true;
    }

    @Override
    protected Option[] backend() {
        return new Option[0]; // in the default feature set, with its default configuration
    }

    @Override
    protected void checkBackend(Store store) {
        File data = new File(System.getProperty("karaf.data"), "estuary/journal");
        assertTrue("journal files under karaf.data: " + data, data.isDirectory() && data.list().length > 0);
    }
}
