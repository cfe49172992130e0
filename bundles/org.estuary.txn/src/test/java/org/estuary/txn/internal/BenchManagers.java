package org.estuary.txn.internal;

import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.transaction.server.NestableTransactionManager;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.txn.proxy.TxnBackend;

/**
 * The benchmark's way into the transaction manager without Declarative Services: builds and starts a
 * {@link TxnManager} with the component's default configuration, as {@code TxnComponent} does. The benchmark
 * reaches it through this module's test jar; it changes nothing.
 */
public final class BenchManagers {

    private BenchManagers() {
    }

    /** A manager with the default configuration, recovered from {@code store}; its proxy (no RMI on the path). */
    public static NestableTransactionManager start(Clock clock, Marshaller marshaller, Store store, ThreadPoolExecutor pool)
            throws Exception {
        return started(clock, marshaller, store, pool).proxy();
    }

    /**
     * As {@link #start}, the manager exported through {@code exporter} and its proxy bound under the
     * {@code NestableTransactionManager} interface's name, as the component's export does; the proxy other JVMs get.
     */
    public static NestableTransactionManager export(Clock clock, Marshaller marshaller, Store store,
            ThreadPoolExecutor pool, Exporter exporter) throws Exception {
        TxnManager manager = started(clock, marshaller, store, pool);
        manager.useReference(exporter.export(manager.serviceId(), TxnBackend.class, manager));
        exporter.bind(NestableTransactionManager.class.getName(), manager.proxy());
        return manager.proxy();
    }

    private static TxnManager started(Clock clock, Marshaller marshaller, Store store, ThreadPoolExecutor pool)
            throws Exception {
        TxnManager manager = new TxnManager(clock, marshaller, settings(), pool);
        manager.bindStore(store);
        manager.start();
        return manager;
    }

    /** The configuration the manager runs with, as its activation log line prints it. */
    public static String describe() {
        return settings().toString();
    }

    /** Participant threads the default configuration runs. */
    public static int threads() {
        return settings().threads();
    }

    private static Settings settings() {
        return TxnComponent.settings(ComponentConfig.of(TxnComponent.Config.class));
    }
}
