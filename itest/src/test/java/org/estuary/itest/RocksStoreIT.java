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
 * The store suite on the RocksDB store, the default embedded store: the `estuary` feature installs it with its
 * default configuration, its native library loads inside the framework (Bundle-NativeCode, also again after
 * `bundle:update`), and it keeps its database under Karaf's data directory.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RocksStoreIT extends AbstractStoreIT {

    @Override
    protected String type() {
        return Store.TYPE_ROCKSDB;
    }

    @Override
    protected String bundleName() {
        return "org.estuary.store.rocksdb";
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
        File data = new File(System.getProperty("karaf.data"), "estuary/rocksdb");
        assertTrue("RocksDB's CURRENT file under karaf.data: " + data, new File(data, "CURRENT").isFile());
    }
}
