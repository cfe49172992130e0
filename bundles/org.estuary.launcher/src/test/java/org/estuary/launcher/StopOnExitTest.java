package org.estuary.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.junit.jupiter.api.Test;

/**
 * The signal handler's and shutdown hook's stop: the framework stopped and awaited within the bound, or left when it
 * does not stop; a signal during the start waits for the launcher's start first.
 */
class StopOnExitTest {

    private final List<String> calls = new ArrayList<>();

    private Framework framework(int state, int stopEvent) {
        return (Framework) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Framework.class},
                (proxy, method, args) -> {
                    calls.add(method.getName() + (args == null ? "" : " " + args[0]));
                    return switch (method.getName()) {
                        case "getState" -> state;
                        case "waitForStop" -> new FrameworkEvent(stopEvent, (Bundle) proxy, null);
                        default -> null;
                    };
                });
    }

    @Test
    void aRunningFrameworkIsStoppedAndAwaitedWithinTheBound() {
        assertTrue(StopOnExit.stop(framework(Bundle.ACTIVE, FrameworkEvent.STOPPED), Duration.ofSeconds(7), "SIGTERM"));
        assertEquals(List.of("getState", "stop", "waitForStop 7000"), calls);
    }

    @Test
    void aFrameworkThatDoesNotStopInTimeIsLeft() {
        assertFalse(StopOnExit.stop(framework(Bundle.ACTIVE, FrameworkEvent.WAIT_TIMEDOUT), Duration.ofSeconds(1), "SIGTERM"));
    }

    @Test
    void aFrameworkStoppedAlreadyIsLeftAlone() {
        assertTrue(StopOnExit.stop(framework(Bundle.RESOLVED, FrameworkEvent.STOPPED), Duration.ofSeconds(1), "SIGTERM"));
        assertEquals(List.of("getState"), calls);
    }

    @Test
    void aSignalDuringTheStartWaitsUntilTheBundlesHaveStarted() throws Exception {
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CompletableFuture<Boolean> waited = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> StopOnExit.awaitStarted(started, Duration.ofSeconds(60), "SIGTERM"));
        assertFalse(waited.isDone() && waited.getNow(false), "returned before the launcher reported ready");
        started.countDown();
        assertTrue(waited.get(60, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(StopOnExit.awaitStarted(started, Duration.ofSeconds(60), "SIGTERM"), "started already");
    }

    @Test
    void aStartThatDoesNotEndWithinTheBoundIsStoppedAnyway() {
        assertTrue(StopOnExit.awaitStarted(new java.util.concurrent.CountDownLatch(1), Duration.ofMillis(1),
                "SIGTERM"));
    }

    @Test
    void theBoundIsAPositiveNumberOfSecondsOrTheDefault() {
        assertEquals(Duration.ofSeconds(5), StopOnExit.timeout("5"));
        assertEquals(StopOnExit.DEFAULT_TIMEOUT, StopOnExit.timeout(null));
        assertEquals(StopOnExit.DEFAULT_TIMEOUT, StopOnExit.timeout("0"));
        assertEquals(StopOnExit.DEFAULT_TIMEOUT, StopOnExit.timeout("soon"));
    }
}
