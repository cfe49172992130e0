package org.estuary.itest;

import org.junit.runner.Result;
import org.junit.runner.notification.RunListener;

/**
 * Stops {@link PrivatePostgres} when the integration tests of this JVM are done (a Failsafe listener, see the
 * pom). Pax Exam runs {@code @AfterClass} inside the container, not in this JVM, and Failsafe halts a forked JVM
 * whose exit takes longer than its timeout before shutdown hooks are sure to have run, so neither can stop the
 * server reliably.
 */
public final class StopPrivatePostgres extends RunListener {

    @Override
    public void testRunFinished(Result result) throws Exception {
        PrivatePostgres.stop();
    }
}
