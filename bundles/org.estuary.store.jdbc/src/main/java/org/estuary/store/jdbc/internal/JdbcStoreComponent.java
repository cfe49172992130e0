package org.estuary.store.jdbc.internal;

import javax.sql.DataSource;

import org.estuary.store.api.FailoverConfig;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreComponent;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The PostgreSQL store as a DS component: publishes {@code store.type=jdbc} once a {@link DataSource} service
 * matching {@code dataSource.target} is there (pax-jdbc-config registers one from
 * {@code etc/org.ops4j.datasource-estuary.cfg}).
 *
 * <p>The DataSource reference is static and greedy: a better or replaced DataSource, or a changed configuration,
 * reactivates the component, which closes the old store (its queued batches fail with the retryable CLOSED) and
 * opens a new one over the same table; nothing acknowledged is lost, since it is in the database. Immediate, so
 * the schema is created or migrated when the bundle starts, not at the first use.
 */
@Component(
        // JdbcStoreComponent: for this bundle's FailoverComponent only (other bundles cannot see the class)
        service = {Store.class, JdbcStoreComponent.class},
        immediate = true,
        configurationPid = JdbcStoreComponent.PID,
        // Store S8: ranked above the memory store, so a service on the default store.target moves here
        property = {Store.TYPE + "=" + Store.TYPE_JDBC, "service.ranking:Integer=20"})
@Designate(ocd = JdbcStoreComponent.Config.class)
public final class JdbcStoreComponent extends StoreComponent<JdbcStore> {

    /** The configuration PID. */
    public static final String PID = "org.estuary.store.jdbc";

    /** The jdbc store's configuration. */
    @ObjectClassDefinition(
            name = "Estuary jdbc store",
            description = "Records in PostgreSQL through a DataSource service (pax-jdbc). Use it when the state "
                    + "must outlive this machine: a replicated database, several containers sharing it.")
    public @interface Config {

        @AttributeDefinition(
                name = "DataSource",
                description = "LDAP filter selecting the javax.sql.DataSource service; pax-jdbc-config gives the "
                        + "DataSource of etc/org.ops4j.datasource-estuary.cfg the property dataSourceName=estuary.")
        String dataSource_target() default "(dataSourceName=estuary)";

        @AttributeDefinition(
                name = "Table prefix",
                description = "Prefix of the store's tables (<prefix>records, <prefix>schema_version): lower-case "
                        + "letters, digits and '_', starting with a letter. Two stores with different prefixes "
                        + "share a database without seeing each other.")
        String table_prefix() default "estuary_";

        @AttributeDefinition(
                name = "Maximum records",
                description = "Records the store holds at most; a batch that would add more fails with FULL.",
                min = "1")
        long max_records() default 10_000_000L;

        @AttributeDefinition(
                name = "Maximum bytes",
                description = "Logical bytes (UTF-8 keys plus values) the store holds at most; a batch that would "
                        + "add more fails with FULL.",
                min = "1")
        long max_bytes() default 8_589_934_592L;

        @AttributeDefinition(
                name = "Queue bound",
                description = "Batches waiting for their commit at most; when the queue is full, callers wait "
                        + "up to the admission timeout, then their batch fails with OVERLOADED.",
                min = "1")
        int queue_bound() default 1024;

        @AttributeDefinition(
                name = "Admission timeout (ms)",
                description = "How long a caller waits for room in a full commit queue before its batch fails "
                        + "with OVERLOADED.",
                min = "0")
        long admission_timeout_ms() default 1000L;

        @AttributeDefinition(
                name = "Maximum batches per commit",
                description = "Batches one database transaction carries at most (group commit): concurrent "
                        + "batches share one commit.",
                min = "1")
        int max_batches_per_commit() default 256;

        @AttributeDefinition(
                name = "Statement timeout (s)",
                description = "Bound of every statement; a database that hangs fails the batches with "
                        + "UNAVAILABLE instead of holding them.",
                min = "1")
        int statement_timeout_seconds() default 30;
    }

    private final DataSource dataSource;
    private final LeaseFence fence;

    @Activate
    public JdbcStoreComponent(
            @Reference(name = "dataSource", policyOption = ReferencePolicyOption.GREEDY) DataSource dataSource,
            Config config) {
        this(dataSource, config.dataSource_target(), settingsOf(config), new LeaseFence());
    }

    private JdbcStoreComponent(DataSource dataSource, String target, Settings settings, LeaseFence fence) {
        super("Estuary jdbc store", JdbcStore.open(dataSource, settings, JdbcProbe.NONE, fence),
                "dataSource.target=" + target + ", " + settings);
        this.dataSource = dataSource;
        this.fence = fence;
    }

    /**
     * Starts contending for the leases of {@code config}'s instances in this store's database; the terms it holds
     * open this store's write fence.
     */
    Failover startFailover(BundleContext context, FailoverConfig config) {
        Settings settings = store().settings();
        return Failover.start(context, config, dataSource, new Tables(settings.tablePrefix()), fence,
                settings.statementTimeoutSeconds());
    }

    /** Store S7: its records stay in the database. */
    @Override
    protected String close(JdbcStore store) {
        store.close();
        return "; its records stay in table " + store.settings().tablePrefix() + "records";
    }

    static Settings settingsOf(Config config) {
        return new Settings(config.table_prefix(), config.max_records(), config.max_bytes(), config.queue_bound(),
                config.admission_timeout_ms(), config.max_batches_per_commit(), config.statement_timeout_seconds());
    }
}
