package org.estuary.login.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

class LoginDelaysTest {

    private final ManualClock clock = new ManualClock(0);
    /** 2 free failures, then 100 ms doubling to at most 1,000 ms; failures count for 60 s. */
    private final LoginDelays delays = new LoginDelays(clock::nanoTime, 2, 100, 1_000, 60_000);

    private void fail(int times) {
        for (int i = 0; i < times; i++) {
            delays.failed();
        }
    }

    @Test
    void noDelayWhileOnlyTheFreeFailuresAreInTheWindow() {
        assertEquals(0, delays.delayMillis());
        fail(2);
        assertEquals(0, delays.delayMillis());
    }

    @Test
    void eachFailureBeyondTheFreeOnesDoublesTheDelayUpToTheLargest() {
        fail(3);
        assertEquals(100, delays.delayMillis());
        fail(1);
        assertEquals(200, delays.delayMillis());
        fail(1);
        assertEquals(400, delays.delayMillis());
        fail(1);
        assertEquals(800, delays.delayMillis());
        fail(1);
        assertEquals(1_000, delays.delayMillis());
        fail(100);
        assertEquals(1_000, delays.delayMillis());
    }

    @Test
    void failuresOlderThanTheWindowNoLongerCount() {
        fail(4);
        clock.advance(30, TimeUnit.SECONDS);
        fail(1);
        assertEquals(400, delays.delayMillis());
        clock.advance(30, TimeUnit.SECONDS);
        assertEquals(0, delays.delayMillis(), "the first four are a minute old, one failure is left");
        assertEquals(2, delays.failed(), "the window holds the failure 30 s ago and this one");
        clock.advance(60, TimeUnit.SECONDS);
        assertEquals(0, delays.delayMillis());
    }

    @Test
    void failedReturnsTheFailuresInTheWindowBoundedByWhatIsRemembered() {
        assertEquals(1, delays.failed());
        assertEquals(2, delays.failed());
        fail(LoginDelays.MAX_COUNTED);
        assertEquals(LoginDelays.MAX_COUNTED, delays.failed());
        assertEquals(1_000, delays.delayMillis());
    }

    @Test
    void theDelayNeverOverflowsHoweverManyFailures() {
        LoginDelays large = new LoginDelays(clock::nanoTime, 0, Integer.MAX_VALUE, Integer.MAX_VALUE, 60_000);
        for (int i = 0; i < 100; i++) {
            large.failed();
        }
        assertEquals(Integer.MAX_VALUE, large.delayMillis());
        assertTrue(large.delayAfter(LoginDelays.MAX_COUNTED) > 0);
    }

    @Test
    void settingsOutOfRangeAreRefusedNamingTheSetting() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LoginDelays(clock::nanoTime, -1, 100, 1_000, 60_000)).getMessage()
                .contains("free.failures"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LoginDelays(clock::nanoTime, 2, 2_000, 1_000, 60_000)).getMessage()
                .contains("max.delay.ms"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LoginDelays(clock::nanoTime, 2, 0, 1_000, 60_000)).getMessage()
                .contains("delay.ms"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LoginDelays(clock::nanoTime, 2, 100, 1_000, 0)).getMessage()
                .contains("window.seconds"));
    }
}
