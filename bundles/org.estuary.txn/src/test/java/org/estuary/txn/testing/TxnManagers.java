package org.estuary.txn.testing;

import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.txn.internal.Settings;
import org.estuary.txn.internal.TxnComponent;
import org.estuary.txn.internal.TxnManager;
import org.estuary.txn.proxy.TxnBackend;

/**
 * Transaction managers for other modules' tests and benchmarks, without Declarative Services: built with the
 * component's default configuration, bound to a store and recovered as the component's activation does, and
 * exported as its exporter attachment does. Callers get the spec's interface, never the manager's classes.
 */
public final class TxnManagers {

    private TxnManagers() {
    }

    /** A manager with the default configuration, recovered from {@code store}; its proxy (no RMI on the path). */
    public static NestableTransactionManager start(Clock clock, Marshaller marshaller, Store store, ThreadPoolExecutor pool)
            throws Exception {
        return started(clock, marshaller, store, pool).proxy();
    }

    /**
     * As {@link #start}, the manager exported through {@code exporter} as the component's exporter attachment does
     * (its proxy bound under the spec interfaces' names); the proxy other JVMs get.
     */
    public static NestableTransactionManager export(Clock clock, Marshaller marshaller, Store store,
            ThreadPoolExecutor pool, Exporter exporter) throws Exception {
        TxnManager manager = started(clock, marshaller, store, pool);
        ServiceExport.attachment("the transaction manager", TxnBackend.class, manager, manager,
                TransactionManager.class, NestableTransactionManager.class).activate().bind(exporter);
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
