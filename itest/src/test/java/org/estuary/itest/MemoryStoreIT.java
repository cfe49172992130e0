package org.estuary.itest;

import org.estuary.store.api.Store;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The store suite on the volatile store of the `estuary` feature. Its records live as long as its bundle (Store S3):
 * after bundle:update the writer's refusals are retryable as for the persistent stores, and the new instance holds
 * only what was written to it.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class MemoryStoreIT extends AbstractStoreIT {

    @Override
    protected String type() {
        return Store.TYPE_MEMORY;
    }

    @Override
    protected String bundleName() {
        return "org.estuary.store.memory";
    }

    @Override
    protected boolean persistent() {
        return false;
    }

    @Override
    protected Option[] backend() {
        return new Option[0];
    }
}
