package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.lease.durable.WallClockWatch;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A step of the wall clock, then a restart: a registration recovered from the embedded store by a fresh service
 * ends at its lease's deadline, neither an hour early nor late, once the service has restated what it recorded
 * before the step (LD.3.1, LE.2.2).
 */
class WallClockRestartTest {

    private static final class Listener implements RemoteEventListener, java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void notify(RemoteEvent event) {
        }
    }

    @RegisterExtension
    final TestStores stores = TestStores.embedded();

    private Harness harness;

    @AfterEach
    void close() {
        if (harness != null) {
            harness.close();
        }
    }

    private void stepRestateRestart(long stepMillis) throws Exception {
        harness = new Harness(stores.open(), Harness.scripted());
        DiscoveryService service = harness.start();
        service.register(new String[] {"g"}, null, new Listener(), null, 600_000);
        harness.advance(60_000);
        harness.clock.setWallTime(harness.clock.currentTimeMillis() + stepMillis);
        assertEquals(1, service.restate(WallClockWatch.BOUND_MILLIS), "the registration's record is rewritten");
        assertEquals(0, service.restate(WallClockWatch.BOUND_MILLIS), "once");

        harness.start(); // a fresh service recovers from the store, on the stepped wall clock
        assertEquals(Set.of("g"), harness.tracker().groups(), "recovered: discovery seeks its groups");
        harness.advance(539_000);
        assertEquals(Set.of("g"), harness.tracker().groups(), "LD.3.1: live until its lease's deadline");
        harness.advance(2_000);
        assertEquals(Set.of(), harness.tracker().groups(), "LD.3.1: ended at its lease's deadline");
    }

    @Test
    void ld31ARegistrationRecoveredAfterAStepAheadEndsAtItsDeadline() throws Exception {
        stepRestateRestart(3_600_000);
    }

    @Test
    void ld31ARegistrationRecoveredAfterAStepBackEndsAtItsDeadline() throws Exception {
        stepRestateRestart(-3_600_000);
    }
}
