package org.estuary.txn.testing;

import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.transaction.server.NestableTransactionManager;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.store.api.Store;
import org.estuary.txn.internal.Scaffold;

/**
 * Transaction managers for other modules' tests and benchmarks, without Declarative Services: built with the
 * component's default configuration, bound to a store and recovered as the component's activation does, and
 * exported as its exporter attachment does. Callers get the spec's interface, never the manager's classes;
 * {@link Scaffold}, beside them in the test jar, builds them.
 */
public final class TxnManagers {

    private TxnManagers() {
    }

    /** A manager with the default configuration, recovered from {@code store}; its proxy (no RMI on the path). */
    public static NestableTransactionManager start(Clock clock, Marshaller marshaller, Store store, ThreadPoolExecutor pool)
            throws Exception {
        return Scaffold.start(clock, marshaller, store, pool);
    }

    /**
     * As {@link #start}, the manager exported through {@code exporter} as the component's exporter attachment does
     * (its proxy bound under the spec interfaces' names); the proxy other JVMs get.
     */
    public static NestableTransactionManager export(Clock clock, Marshaller marshaller, Store store,
            ThreadPoolExecutor pool, Exporter exporter) throws Exception {
        return Scaffold.export(clock, marshaller, store, pool, exporter);
    }

    /** The configuration the manager runs with, as its activation log line prints it. */
    public static String describe() {
        return Scaffold.describe();
    }

    /** Participant threads the default configuration runs. */
    public static int threads() {
        return Scaffold.threads();
    }
}
