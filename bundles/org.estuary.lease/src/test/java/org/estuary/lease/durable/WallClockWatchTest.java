package org.estuary.lease.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.TestClocks;
import org.junit.jupiter.api.Test;

/** {@link WallClockWatch}: a step seen at a look has the service restate its records, until that succeeds. */
class WallClockWatchTest {

    private final ManualClock clock = TestClocks.manual();
    private final BlockingQueue<String> calls = new LinkedBlockingQueue<>();
    private volatile boolean storeDown;

    private int restate(long toleranceMillis) throws Exception {
        boolean down = storeDown;
        calls.add((down ? "failed" : "restated") + " to within " + toleranceMillis + " ms");
        if (down) {
            throw new Exception("store down");
        }
        return 1;
    }

    private String nextCall() throws InterruptedException {
        String call = calls.poll(10, TimeUnit.SECONDS);
        assertTrue(call != null, "within 10 s: a restatement");
        return call;
    }

    @Test
    void aStepSeenAtALookIsRestatedAndAFailedRestatementIsTriedAgainAtTheNext() throws Exception {
        try (WallClockWatch watch = WallClockWatch.start("test service", clock, this::restate)) {
            TestClocks.advance(clock, WallClockWatch.PERIOD_MILLIS);
            assertTrue(calls.isEmpty(), "no step, nothing restated");

            storeDown = true;
            clock.setWallTime(clock.currentTimeMillis() + 3_600_000);
            TestClocks.advance(clock, WallClockWatch.PERIOD_MILLIS);
            assertEquals("failed to within 1000 ms", nextCall(), "restated to within the bound of a step");
            // the failed one may still be finishing: the look after it retries
            storeDown = false;
            for (int i = 0; i < 100 && calls.isEmpty(); i++) {
                TestClocks.advance(clock, WallClockWatch.PERIOD_MILLIS);
                if (calls.isEmpty()) {
                    Thread.sleep(10); // bounded: the restating thread hands its result back
                }
            }
            assertEquals("restated to within 1000 ms", nextCall(), "tried again at a later look");
        }
        assertEquals(0, clock.pending(), "closed: no look left scheduled");
    }
}
