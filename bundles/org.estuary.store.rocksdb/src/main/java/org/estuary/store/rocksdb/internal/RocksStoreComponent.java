package org.estuary.store.rocksdb.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * The embedded persistent store, the default, as a DS component: publishes {@code store.type=rocksdb} and keeps its
 * records in a RocksDB database in a data directory. Immediate, so the database stays open while no service uses
 * it; a configuration change deactivates and activates it again, which closes and reopens the database (nothing
 * acknowledged is lost).
 */
@Component(
        service = Store.class,
        immediate = true,
        configurationPid = RocksStoreComponent.PID,
        // Store S8: the default embedded store, ranked above the memory store (services move here once it starts)
        // and below jdbc (installing the jdbc store moves them there)
        property = {Store.TYPE + "=" + RocksStore.TYPE_ROCKSDB, "service.ranking:Integer=10"})
@Designate(ocd = RocksStoreComponent.Config.class)
public final class RocksStoreComponent extends StoreComponent<RocksStore> {

    /** The configuration PID. */
    public static final String PID = "org.estuary.store.rocksdb";

    /** Where the database lives unless configured. */
    static final String DEFAULT_DIRECTORY = KARAF_DATA + "/estuary/rocksdb";

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
        String data_directory() default DEFAULT_DIRECTORY;

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

    @Activate
    public RocksStoreComponent(Config config) {
        this(settingsOf(config, karafData()), RocksProbe.NONE);
    }

    /** A component whose store's writes and syncs {@code probe} observes. */
    RocksStoreComponent(RocksSettings settings, RocksProbe probe) {
        super("Estuary rocksdb store", new RocksStore(settings, probe), settings);
    }

    @Override
    protected String close(RocksStore store) {
        store.close();
        return "";
    }

    /** The settings of {@code config}, with {@code karafData} for {@code ${karaf.data}} (null: none). */
    static RocksSettings settingsOf(Config config, String karafData) {
        return new RocksSettings(directoryOf(config.data_directory(), DEFAULT_DIRECTORY, karafData),
                fsync(config.sync_mode()), config.queue_bound(), config.admission_timeout_ms(),
                config.write_buffer_bytes(), config.wal_recycle_files(), config.max_records(), config.max_bytes());
    }
}
