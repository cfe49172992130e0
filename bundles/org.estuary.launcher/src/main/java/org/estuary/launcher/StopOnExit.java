package org.estuary.launcher;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.launch.Framework;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Stops the framework when the process is asked to end, so every bundle deactivates as on {@code stop 0} (the
 * stores close their files, the services unexport) and the log says so. bnd's launcher, which runs the executable
 * jar, leaves the framework running on a signal. This activator, on the launcher's class path with the header
 * {@code Embedded-Activator}, is started as soon as the framework is initialised ({@link #IMMEDIATE}), before any
 * bundle is installed, and handles TERM and INT (Ctrl-C): it stops the framework and waits for it at most the bound
 * ({@code -Destuary.stop.timeout=SECONDS}, 30 by default). A signal that comes while the launcher still installs and
 * starts the bundles waits, within the same bound, until the launcher reports them started ({@link #READY}), so the
 * stop never races the launcher's own start. Once the framework has stopped, the launcher exits as after
 * {@code stop 0}, with its status 117 ("stopped"); should the framework not stop within the bound, or the launcher not
 * exit within {@link #LAUNCHER_EXIT} after it, this exits with the status a signal gives (128 + its number: 143 for
 * TERM). The stop runs before the JVM's exit begins, while logging still works (the JDK's logging closes its handlers
 * in a shutdown hook of its own). Any other exit of the JVM ({@code System.exit} from elsewhere, HUP) is covered by a
 * shutdown hook doing the same stop. A framework stopped otherwise ({@code stop 0}) gives the handlers back.
 */
public final class StopOnExit implements BundleActivator {

    /**
     * When bnd's launcher starts this activator: right after the framework's init, before it installs the bundles
     * (the launcher reads this field by name).
     */
    public static final String IMMEDIATE = "AFTER_FRAMEWORK_INIT";

    /** The filter of bnd's launcher service once it has started the bundles ({@code launcher.ready}). */
    static final String READY = "(launcher.ready=true)";

    /** The system property that bounds the wait, in seconds. */
    public static final String TIMEOUT = "estuary.stop.timeout";

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** How long the launcher has to exit after the framework stopped before this exits instead. */
    static final Duration LAUNCHER_EXIT = Duration.ofSeconds(5);

    private static final System.Logger LOG = System.getLogger(StopOnExit.class.getName());
    private static final List<String> SIGNALS = List.of("TERM", "INT");

    private final List<Runnable> undo = new ArrayList<>();

    @Override
    public synchronized void start(BundleContext context) throws InvalidSyntaxException {
        Framework framework = (Framework) context.getBundle(0);
        Duration timeout = timeout(System.getProperty(TIMEOUT));
        CountDownLatch started = new CountDownLatch(1);
        ServiceListener ready = event -> started.countDown();
        context.addServiceListener(ready, READY);
        if (context.getServiceReferences((String) null, READY) != null) {
            started.countDown();
        }
        undo.add(() -> context.removeServiceListener(ready));
        for (String name : SIGNALS) {
            Signal signal = new Signal(name);
            SignalHandler previous = Signal.handle(signal, received -> {
                String cause = "SIG" + received.getName();
                if (awaitStarted(started, timeout, cause) && stop(framework, timeout, cause)) {
                    awaitLauncherExit();
                }
                System.exit(128 + received.getNumber());
            });
            undo.add(() -> Signal.handle(signal, previous));
        }
        Thread hook = new Thread(() -> stop(framework, timeout, "the JVM's exit"), "estuary-stop-on-exit");
        LOG.log(Level.INFO, "Estuary: starting; TERM or Ctrl-C stops the framework (at most " + timeout.toSeconds()
                + " s, -D" + TIMEOUT + ")");
        Runtime.getRuntime().addShutdownHook(hook);
        undo.add(() -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException exiting) {
                // the JVM is exiting: the hook runs or has run
            }
        });
    }

    @Override
    public synchronized void stop(BundleContext context) {
        undo.forEach(Runnable::run);
        undo.clear();
    }

    /**
     * Stops {@code framework}, if it runs, and waits for it at most {@code timeout}, logging what happened.
     *
     * @return true if the framework is stopped
     */
    static boolean stop(Framework framework, Duration timeout, String cause) {
        if ((framework.getState() & (Bundle.STARTING | Bundle.ACTIVE)) == 0) {
            return true; // stopped already (stop 0), and the launcher is exiting
        }
        LOG.log(Level.INFO, "Estuary: " + cause + "; stopping the framework (at most " + timeout.toSeconds()
                + " s, -D" + TIMEOUT + ")");
        long started = System.nanoTime();
        AtomicBoolean reported = new AtomicBoolean();
        Runnable report = () -> {
            if (reported.compareAndSet(false, true)) {
                LOG.log(Level.INFO, "Estuary: the framework stopped in "
                        + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms");
            }
        };
        BundleContext context = framework.getBundleContext();
        // The launcher exits as soon as waitForStop returns to it, racing a line logged after ours returns: the
        // line is logged from the framework's own stopping thread when the last bundle has stopped, before
        // the framework releases its waiters.
        SynchronousBundleListener lastBundle = event -> {
            if (event.getType() == BundleEvent.STOPPED && noBundleRuns(context)) {
                report.run();
            }
        };
        context.addBundleListener(lastBundle);
        try {
            framework.stop();
            FrameworkEvent event = framework.waitForStop(Math.max(1, timeout.toMillis()));
            if (event.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                LOG.log(Level.WARNING, "Estuary: the framework did not stop within " + timeout.toSeconds()
                        + " s; exiting without it (raise -D" + TIMEOUT + " if bundles need longer)");
                return false;
            }
            report.run(); // no bundle was running
            return true;
        } catch (BundleException e) {
            LOG.log(Level.WARNING, "Estuary: the framework could not be stopped: " + e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.log(Level.WARNING, "Estuary: interrupted while the framework stopped; exiting without it");
            return false;
        }
    }

    /** Whether every bundle but the framework's own is stopped (or never started). */
    static boolean noBundleRuns(BundleContext context) {
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getBundleId() != 0
                    && (bundle.getState() & (Bundle.STARTING | Bundle.ACTIVE | Bundle.STOPPING)) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits, at most {@code timeout}, until the launcher has started the bundles, so the stop does not race its
     * start; logs when the signal came during the start.
     *
     * @return false if interrupted
     */
    static boolean awaitStarted(CountDownLatch started, Duration timeout, String cause) {
        if (started.getCount() == 0) {
            return true;
        }
        LOG.log(Level.INFO, "Estuary: " + cause + " while the bundles start; stopping once they have started (at most "
                + timeout.toSeconds() + " s)");
        try {
            if (!started.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.log(Level.WARNING, "Estuary: the bundles did not start within " + timeout.toSeconds()
                        + " s; stopping the framework anyway");
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Gives the launcher, which exits once the framework has stopped, the time to do so. */
    private static void awaitLauncherExit() {
        try {
            Thread.sleep(LAUNCHER_EXIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The bound from the property's text; the default for none. */
    static Duration timeout(String seconds) {
        if (seconds == null || seconds.isBlank()) {
            return DEFAULT_TIMEOUT;
        }
        try {
            long value = Long.parseLong(seconds.trim());
            if (value > 0) {
                return Duration.ofSeconds(value);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        LOG.log(Level.WARNING, "Estuary: -D" + TIMEOUT + "=" + seconds + " is not a positive number of seconds; using "
                + DEFAULT_TIMEOUT.toSeconds());
        return DEFAULT_TIMEOUT;
    }
}
