package org.estuary.txn.internal;

import java.util.Map;
import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.core.component.Activation;
import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.durable.WallClockWatch;
import org.estuary.management.Registrations;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.txn.admin.TxnAdmin;
import org.estuary.txn.proxy.TxnBackend;
import org.estuary.store.api.ActiveRole;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The transaction manager as a DS component: builds a {@link TxnManager} from its configuration, recovers it from the
 * bound store and registers its proxy as {@code NestableTransactionManager} and {@code TransactionManager}; other
 * JVMs reach it through the container's exporter under both names.
 */
@Component(configurationPid = TxnComponent.PID, immediate = true, service = {})
@Designate(ocd = TxnComponent.Config.class)
public final class TxnComponent extends ServiceComponent<TxnBackend, TxnManager> {

    public static final String PID = "org.estuary.txn";

    /** The service instance: the first segment of its store spaces, whose active role this component needs. */
    static final String INSTANCE = "txn";

    @ObjectClassDefinition(name = "Estuary transaction manager", description = "Creates and completes "
            + "transactions with two-phase commit, nested ones included (TX); commit points are written to the store.")
    public @interface Config {
        @AttributeDefinition(name = "Lease default (ms)", min = "1",
                description = "Granted to a transaction created with Lease.ANY.")
        long lease_default_ms() default 60_000L;

        @AttributeDefinition(name = "Lease maximum (ms)", min = "1", description = "Longest lease granted to a "
                + "transaction; it must commit or abort (or renew its lease) within it, or it is aborted.")
        long lease_maximum_ms() default 3_600_000L;

        @AttributeDefinition(name = "Maximum active transactions", min = "1", description = "Transactions "
                + "created and not yet committed or aborted at most; beyond, create is refused with a "
                + "LeaseDeniedException naming this limit.")
        int max_active() default 100_000;

        @AttributeDefinition(name = "Maximum active transactions per client", min = "1", description = "Transactions "
                + "one client created and not yet committed or aborted at most (a client is the address a remote "
                + "call comes from; calls from this container are not counted); beyond, its create is refused with "
                + "a LeaseDeniedException naming this limit, so one client cannot take all of max.active.")
        int max_active_per_client() default 25_000;

        @AttributeDefinition(name = "Maximum participants per transaction", min = "1", description = "Beyond, "
                + "join and promote are refused with a CannotJoinException naming this limit.")
        int max_participants() default 1_000;

        @AttributeDefinition(name = "Participant threads", min = "1",
                description = "Calls to participants (prepare, commit, abort) in parallel.")
        int threads() default 16;

        @AttributeDefinition(name = "Participant call queue", min = "1", description = "Calls waiting for a "
                + "thread at most; a call beyond it is retried after the initial retry wait.")
        int queue() default 10_000;

        @AttributeDefinition(name = "Vote time (ms)", min = "1", description = "How long a commit's vote may take, "
                + "retries of failed prepare calls included; a participant that has not voted by then aborts the "
                + "transaction.")
        long vote_ms() default 30_000L;

        @AttributeDefinition(name = "Retry initial (ms)", min = "1", description = "Wait before a call to a "
                + "participant that failed in a way that may clear up is repeated; doubles after each failure.")
        long retry_initial_ms() default 500L;

        @AttributeDefinition(name = "Retry maximum (ms)", min = "1",
                description = "Longest wait between two calls to a participant (roll-forward retries forever).")
        long retry_max_ms() default 30_000L;

        @AttributeDefinition(name = "Abort notice time (ms)", min = "1", description = "How long participants of "
                + "an aborted transaction are told of it before the manager gives up (they also learn it through "
                + "getState).")
        long abort_notice_ms() default 60_000L;

        @AttributeDefinition(name = "Retention (ms)", min = "0", description = "How long a completed transaction's "
                + "outcome is still answered after every participant heard it; afterwards its id is unknown.")
        long retention_ms() default 60_000L;

        @AttributeDefinition(name = "Store write timeout (ms)", min = "1", description = "Longest a commit waits "
                + "for its commit point to be durable; beyond, the transaction aborts.")
        long store_write_timeout_ms() default 10_000L;

        @AttributeDefinition(name = "Slow call (ms)", min = "1", description = "A call to a participant (prepare, "
                + "commit, abort) or to a parent manager on the participant threads still running after this long "
                + "is set aside: it keeps its thread, logged, and no longer counts against the participant threads, "
                + "so participants that never answer delay only their own transactions.")
        long slow_call_ms() default 2_000L;

        @AttributeDefinition(name = "Slow calls set aside", min = "0", description = "Participant calls set aside "
                + "at once at most (each holds a thread); beyond, a slow call keeps counting against the threads.")
        int slow_calls_max() default 64;

        @AttributeDefinition(name = "Store", description = "LDAP filter selecting the store service. Of the "
                + "stores it matches, the best-ranked wins (service.ranking: jdbc 20, rocksdb 10, memory 0), so "
                + "the default (store.type=*) takes jdbc if it runs, else rocksdb, else memory. Changing it while "
                + "the manager runs copies the commit records into the new store first.")
        String store_target() default "(store.type=*)";
    }

    /**
     * Builds the manager and starts its threads (timer, participant calls); if a step fails, those started before
     * it are stopped. Recovery needs the store, which SCR binds after this: it is in {@link ServiceComponent#start()}.
     */
    @Activate
    public TxnComponent(BundleContext context, Config config, @Reference(name = "marshaller") Marshaller marshaller,
            @Reference(name = "active", target = "(" + ActiveRole.INSTANCE + "=" + INSTANCE + ")") ActiveRole active)
            throws Exception {
        super(active, "Estuary transaction manager", context, config.store_target(), TxnBackend.class,
                activation -> build(activation, config, marshaller), NestableTransactionManager.class,
                TransactionManager.class);
    }

    private static TxnManager build(Activation activation, Config config, Marshaller marshaller) {
        Settings settings = settings(config);
        SystemClock clock = activation.start("timer", () -> new SystemClock("estuary-txn-timer"));
        ThreadPoolExecutor pool = activation.start("participant threads",
                () -> Pools.bounded("estuary-txn", settings.threads(), settings.queue()),
                ThreadPoolExecutor::shutdownNow);
        TxnManager manager = activation.start("manager", () -> new TxnManager(clock, marshaller, settings, pool),
                TxnManager::close);
        activation.start("wall clock watch",
                () -> WallClockWatch.start("transaction manager", clock, manager.state()::restate));
        return manager;
    }

    /** Its admin interface, its operators' view (shell commands and console page) and its MBean. */
    @Override
    protected void register(Registrations registrations) {
        AdminView admin = new AdminView(service());
        registrations.admin(TxnAdmin.class, admin, Map.of());
        registrations.view(TxnView.of(admin));
        registrations.mbean(new TxnAdminMBeanImpl(admin), TxnAdminMXBean.class, TxnAdminMXBean.OBJECT_NAME);
    }

    @Override
    protected String summary() {
        return service().state().settings.toString();
    }

    static Settings settings(Config config) {
        return new Settings(new LeasePolicy(config.lease_default_ms(), config.lease_maximum_ms()),
                config.max_active(), config.max_active_per_client(), config.max_participants(), config.threads(), config.queue(), config.vote_ms(),
                config.retry_initial_ms(), config.retry_max_ms(), config.abort_notice_ms(), config.retention_ms(),
                config.store_write_timeout_ms(), config.slow_call_ms(), config.slow_calls_max());
    }
}
