package org.estuary.txn.internal;

import java.util.concurrent.Executor;

import net.jini.core.transaction.server.NestableTransactionManager;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * The benchmark's way into the transaction manager without Declarative Services: builds and starts a
 * {@link TxnManager} with the component's default configuration, as {@code TxnComponent} does. It lives in the
 * manager's package on the plain class path only to reach the package-private constructor; it changes nothing.
 */
public final class BenchManagers {

    private BenchManagers() {
    }

    /** A manager with the default configuration, recovered from {@code store}; its proxy (no RMI on the path). */
    public static NestableTransactionManager start(Clock clock, Marshaller marshaller, Store store, Executor pool)
            throws Exception {
        TxnManager manager = new TxnManager(clock, marshaller, settings(), pool);
        manager.bindStore(store);
        manager.start();
        return manager.proxy();
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
