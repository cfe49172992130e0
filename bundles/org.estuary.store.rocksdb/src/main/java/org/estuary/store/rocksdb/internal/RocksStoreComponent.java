package org.estuary.store.rocksdb.internal;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Locale;

import org.estuary.store.api.ForwardingStore;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * The RocksDB store as a DS component: publishes {@code store.type=rocksdb} and keeps its records in a RocksDB
 * database in a data directory. Immediate, so the database stays open while no service uses it; a configuration
 * change deactivates and activates it again, which closes and reopens the database (nothing acknowledged is lost).
 */
@Component(
        service = Store.class,
        immediate = true,
        configurationPid = RocksStoreComponent.PID,
        // Store S8: ranked above the memory and journal stores, below jdbc: installing it moves services onto it
        property = {Store.TYPE + "=" + RocksStore.TYPE_ROCKSDB, "service.ranking:Integer=15"})
@Designate(ocd = RocksStoreComponent.Config.class)
public final class RocksStoreComponent extends ForwardingStore {

    /** The configuration PID. */
    public static final String PID = "org.estuary.store.rocksdb";

    /** The placeholder for Karaf's data directory in {@code data.directory}. */
    static final String KARAF_DATA = "${karaf.data}";

    private static final System.Logger LOG = System.getLogger(RocksStoreComponent.class.getName());

    /** The RocksDB store's configuration. */
    @ObjectClassDefinition(
            name = "Estuary RocksDB store",
            description = "The embedded persistent store on RocksDB: records in a database in a data directory, "
                    + "acknowledged once their WAL is synced, concurrent batches sharing one sync.")
    public @interface Config {

        @AttributeDefinition(
                name = "Data directory",
                description = "Where the database lives. ${karaf.data} stands for Karaf's data directory; outside "
                        + "Karaf it becomes estuary-data in the working directory.")
        String data_directory() default KARAF_DATA + "/estuary/rocksdb";

        @AttributeDefinition(
                name = "Sync mode",
                description = "fsync: a batch is acknowledged once the WAL holding it is synced to disk (survives "
                        + "power loss). none: once the operating system has it (survives a crash of the JVM only).",
                options = {@Option(label = "fsync", value = "fsync"), @Option(label = "none", value = "none")})
        String sync_mode() default "fsync";

        @AttributeDefinition(
                name = "Queue bound",
                description = "Batches written and not yet acknowledged, at most; beyond it callers wait.",
                min = "1")
        int queue_bound() default 4096;

        @AttributeDefinition(
                name = "Admission timeout (ms)",
                description = "How long a caller waits for room in a full queue before its batch fails with "
                        + "OVERLOADED.",
                min = "0")
        long admission_timeout_ms() default 1000L;

        @AttributeDefinition(
                name = "Write buffer (bytes)",
                description = "RocksDB's memtable size: records are flushed into a table file when it is full; the "
                        + "WAL is kept at most four times this size.",
                min = "65536")
        long write_buffer_bytes() default 4L * 1024 * 1024;

        @AttributeDefinition(
                name = "WAL files recycled",
                description = "WAL files RocksDB keeps to write over instead of creating new ones (0: none).",
                min = "0")
        int wal_recycle_files() default 2;

        @AttributeDefinition(
                name = "Maximum records",
                description = "Records the store holds at most; a batch that would add more fails with FULL.",
                min = "1")
        long max_records() default 1_000_000L;

        @AttributeDefinition(
                name = "Maximum bytes",
                description = "Logical bytes (UTF-8 keys plus values) the store holds at most; a batch that would "
                        + "add more fails with FULL.",
                min = "1")
        long max_bytes() default 268_435_456L;
    }

    private final RocksStore store;

    @Activate
    public RocksStoreComponent(Config config) {
        this(settingsOf(config, karafData()), RocksProbe.NONE);
    }

    /** A component whose store's writes and syncs {@code probe} observes. */
    RocksStoreComponent(RocksSettings settings, RocksProbe probe) {
        this.store = new RocksStore(settings, probe);
        StoreStats stats = store.stats();
        LOG.log(Level.INFO, "Estuary rocksdb store active (" + stats.records() + " records recovered): " + settings);
    }

    /** Closes the store (Store S7); SCR calls it when the component is deactivated. */
    @Deactivate
    public void deactivate() {
        store.close();
        LOG.log(Level.INFO, "Estuary rocksdb store closed");
    }

    @Override
    protected Store delegate() {
        return store;
    }

    /** Karaf's data directory, or null outside a framework or where it is not set. */
    static String karafData() {
        Bundle bundle = FrameworkUtil.getBundle(RocksStoreComponent.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        return context == null ? null : context.getProperty("karaf.data");
    }

    /** The settings of {@code config}, with {@code karafData} for {@code ${karaf.data}} (null: none). */
    static RocksSettings settingsOf(Config config, String karafData) {
        String mode = config.sync_mode().trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("fsync") && !mode.equals("none")) {
            throw new IllegalArgumentException("sync.mode must be fsync or none: " + config.sync_mode());
        }
        return new RocksSettings(directoryOf(config.data_directory(), karafData), mode.equals("fsync"),
                config.queue_bound(), config.admission_timeout_ms(), config.write_buffer_bytes(),
                config.wal_recycle_files(), config.max_records(), config.max_bytes());
    }

    /** Expands {@code ${karaf.data}} to {@code data}, or to {@code estuary-data} when that is null or blank. */
    static Path directoryOf(String configured, String data) {
        String text = configured == null || configured.isBlank() ? KARAF_DATA + "/estuary/rocksdb" : configured;
        if (text.contains(KARAF_DATA)) {
            if (data == null || data.isBlank()) {
                text = text.replace(KARAF_DATA + "/estuary", "estuary-data").replace(KARAF_DATA, "estuary-data");
            } else {
                text = text.replace(KARAF_DATA, data);
            }
        }
        return Path.of(text).toAbsolutePath().normalize();
    }
}
