package org.estuary.itest;

import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * Estuary installed into one's own Karaf: a stock Apache Karaf 4.4.10 adds Estuary's features repository and
 * installs the {@code estuary} feature (the README's "In your own Karaf"); the lease renewal service, found in the
 * OSGi registry, then keeps a client lease renewed as in the distribution ({@link RenewalServiceIT}'s test).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class StockKarafIT extends RenewalServiceIT {

    @Override
    @Configuration
    public Option[] configuration() {
        return KarafOptions.stockKaraf(getClass());
    }
}
