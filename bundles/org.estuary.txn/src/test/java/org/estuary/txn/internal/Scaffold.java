package org.estuary.txn.internal;

import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.txn.proxy.TxnBackend;
import org.estuary.txn.testing.TxnManagers;

/**
 * Managers as {@link TxnManagers} hands them out: the one route from the test jar's factory into this package,
 * whose classes production uses only among themselves and so keeps package-private. Built from the component's
 * default configuration ({@link TxnComponent#settings}), bound to a store and recovered as its activation does,
 * exported as its exporter attachment does.
 */
public final class Scaffold {

    private Scaffold() {
    }

    /** See {@link TxnManagers#start}. */
    public static NestableTransactionManager start(Clock clock, Marshaller marshaller, Store store,
            ThreadPoolExecutor pool) throws Exception {
        return started(clock, marshaller, store, pool).proxy();
    }

    /** See {@link TxnManagers#export}. */
    public static NestableTransactionManager export(Clock clock, Marshaller marshaller, Store store,
            ThreadPoolExecutor pool, Exporter exporter) throws Exception {
        TxnManager manager = started(clock, marshaller, store, pool);
        ServiceExport.attachment("the transaction manager", TxnBackend.class, manager, manager,
                () -> true, TransactionManager.class, NestableTransactionManager.class).activate().bind(exporter);
        return manager.proxy();
    }

    private static TxnManager started(Clock clock, Marshaller marshaller, Store store, ThreadPoolExecutor pool)
            throws Exception {
        TxnManager manager = new TxnManager(clock, marshaller, settings(), pool);
        manager.bindStore(store); // as DS binds the store reference before activation
        manager.start();
        return manager;
    }

    /** See {@link TxnManagers#describe}. */
    public static String describe() {
        return settings().toString();
    }

    /** See {@link TxnManagers#threads}. */
    public static int threads() {
        return settings().threads();
    }

    private static Settings settings() {
        return TxnComponent.settings(ComponentConfig.of(TxnComponent.Config.class));
    }
}
