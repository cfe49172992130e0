package org.estuary.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The signal handler's and shutdown hook's stop: the framework stopped and awaited within the bound, or left when it
 * does not stop; a signal during the start waits for the launcher's start first.
 */
class StopOnExitTest {

    private final List<String> calls = new ArrayList<>();

    /** Bundle 1's state; the framework stub's {@code stop} stops it with a STOPPED event, as a framework does. */
    private int bundleState = Bundle.ACTIVE;
    private SynchronousBundleListener listener;
    /** What was logged by the time the framework stub let its {@code waitForStop} return. */
    private final List<String> loggedBeforeStopReturned = new ArrayList<>();
    private final List<String> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureLog() {
        Logger.getLogger(StopOnExit.class.getName()).addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        Logger.getLogger(StopOnExit.class.getName()).removeHandler(capture);
    }

    private <T> T stub(Class<T> type, java.lang.reflect.InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler));
    }

    private Framework framework(int state, int stopEvent) {
        Bundle system = stub(Bundle.class, (proxy, method, args) -> switch (method.getName()) {
            case "getBundleId" -> 0L;
            case "getState" -> Bundle.STOPPING;
            default -> null;
        });
        Bundle one = stub(Bundle.class, (proxy, method, args) -> switch (method.getName()) {
            case "getBundleId" -> 1L;
            case "getState" -> bundleState;
            default -> null;
        });
        BundleContext context = stub(BundleContext.class, (proxy, method, args) -> switch (method.getName()) {
            case "addBundleListener" -> {
                listener = (SynchronousBundleListener) args[0];
                yield null;
            }
            case "getBundles" -> new Bundle[] {system, one};
            default -> null;
        });
        return stub(Framework.class, (proxy, method, args) -> {
            calls.add(method.getName() + (args == null ? "" : " " + args[0]));
            switch (method.getName()) {
                case "getState":
                    return state;
                case "getBundleContext":
                    return context;
                case "stop":
                    if (stopEvent == FrameworkEvent.STOPPED) {
                        bundleState = Bundle.RESOLVED;
                        listener.bundleChanged(new BundleEvent(BundleEvent.STOPPED, one));
                    }
                    return null;
                case "waitForStop":
                    loggedBeforeStopReturned.addAll(logged);
                    return new FrameworkEvent(stopEvent, (Bundle) proxy, null);
                default:
                    return null;
            }
        });
    }

    @Test
    void aRunningFrameworkIsStoppedAndAwaitedWithinTheBound() {
        assertTrue(StopOnExit.stop(framework(Bundle.ACTIVE, FrameworkEvent.STOPPED), Duration.ofSeconds(7), "SIGTERM"));
        assertEquals(List.of("getState", "getBundleContext", "stop", "waitForStop 7000"), calls);
    }

    @Test
    void theStopIsLoggedBeforeTheFrameworkReleasesTheLauncherWhichExitsAtOnce() {
        StopOnExit.stop(framework(Bundle.ACTIVE, FrameworkEvent.STOPPED), Duration.ofSeconds(7), "SIGTERM");
        assertTrue(loggedBeforeStopReturned.stream().anyMatch(line -> line.startsWith(
                "Estuary: the framework stopped in ")), loggedBeforeStopReturned.toString());
        assertEquals(1, logged.stream().filter(line -> line.startsWith("Estuary: the framework stopped in ")).count(),
                "logged once: " + logged);
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
