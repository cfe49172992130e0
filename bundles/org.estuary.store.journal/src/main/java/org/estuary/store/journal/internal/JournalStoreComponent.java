package org.estuary.store.journal.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * The embedded persistent store as a DS component: publishes {@code store.type=journal} and keeps its records in
 * an ActiveMQ Artemis journal in a data directory. Immediate, so the journal stays open while no service uses it;
 * a configuration change deactivates and activates it again, which closes and reopens the journal (nothing
 * acknowledged is lost: it is on disk).
 */
@Component(
        service = Store.class,
        immediate = true,
        configurationPid = JournalStoreComponent.PID,
        // Store S8: ranked above the memory store, so a service on the default store.target moves here
        property = {Store.TYPE + "=" + Store.TYPE_JOURNAL, "service.ranking:Integer=10"})
@Designate(ocd = JournalStoreComponent.Config.class)
public final class JournalStoreComponent extends StoreComponent<JournalStore> {

    /** The configuration PID. */
    public static final String PID = "org.estuary.store.journal";

    /** Where the journal lives unless configured. */
    static final String DEFAULT_DIRECTORY = KARAF_DATA + "/estuary/journal";

    /** The journal store's configuration. */
    @ObjectClassDefinition(
            name = "Estuary journal store",
            description = "The embedded persistent store: records in an append-only journal (ActiveMQ Artemis) in "
                    + "a data directory, acknowledged once synced to disk, with group commit and compaction.")
    public @interface Config {

        @AttributeDefinition(
                name = "Data directory",
                description = "Where the journal files live. ${karaf.data} stands for Karaf's data directory; "
                        + "outside Karaf it becomes estuary-data in the working directory.")
        String data_directory() default DEFAULT_DIRECTORY;

        @AttributeDefinition(
                name = "Sync mode",
                description = "fsync: a batch is acknowledged once its group is synced to disk (survives power "
                        + "loss). none: once the operating system has it (survives a crash of the JVM only).",
                options = {@Option(label = "fsync", value = "fsync"), @Option(label = "none", value = "none")})
        String sync_mode() default "fsync";

        @AttributeDefinition(
                name = "Queue bound",
                description = "Batches accepted and not yet acknowledged, at most; beyond it callers wait.",
                min = "1")
        int queue_bound() default 4096;

        @AttributeDefinition(
                name = "Admission timeout (ms)",
                description = "How long a caller waits for room in a full queue before its batch fails with "
                        + "OVERLOADED.",
                min = "0")
        long admission_timeout_ms() default 1000L;

        @AttributeDefinition(
                name = "Compaction threshold (%)",
                description = "Compact the journal when its live records fill less than this share of its data "
                        + "files; 0 turns compaction off.",
                min = "0", max = "100")
        int compaction_threshold() default 30;

        @AttributeDefinition(
                name = "Compaction minimum files",
                description = "Compact only once the journal has at least this many data files.",
                min = "1")
        int compaction_min_files() default 4;

        @AttributeDefinition(
                name = "Journal file size (bytes)",
                description = "Size of each pre-allocated journal file; the largest record must fit in one "
                        + "(a value of 512 KiB, Store.MAX_VALUE_BYTES, with its space and key).",
                min = "" + JournalSettings.MIN_CONFIGURED_FILE_SIZE)
        int journal_file_size() default 10 * 1024 * 1024;

        @AttributeDefinition(
                name = "Journal buffer timeout (µs)",
                description = "How long the journal's buffer waits after a flush before it flushes again, at most: "
                        + "the shortest time between two syncs. Batches arriving meanwhile share the next sync. "
                        + "Near the disk's fdatasync time; lower on a disk that syncs faster.",
                min = "1")
        int journal_buffer_timeout_us() default 100;

        @AttributeDefinition(
                name = "Journal files kept for reuse",
                description = "Files (in use and free) the journal keeps: a file that compaction frees is written "
                        + "over later instead of laying out a new one, while the journal holds fewer than this; "
                        + "beyond it, freed files are deleted. More keeps churn cheaper, fewer gives disk back.",
                min = "2")
        int journal_pool_files() default 32;

        @AttributeDefinition(
                name = "Maximum records",
                description = "Records the store holds at most; a batch that would add more fails with FULL. "
                        + "Live records are also kept in the heap.",
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
    public JournalStoreComponent(Config config) {
        this(settingsOf(config, karafData()), JournalProbe.NONE);
    }

    /** A component whose store's rounds and syncs {@code probe} observes. */
    JournalStoreComponent(JournalSettings settings, JournalProbe probe) {
        super("Estuary journal store", new JournalStore(settings, probe), settings);
    }

    @Override
    protected String close(JournalStore store) {
        store.close();
        return "";
    }

    /** The settings of {@code config}, with {@code karafData} for {@code ${karaf.data}} (null: none). */
    static JournalSettings settingsOf(Config config, String karafData) {
        return new JournalSettings(directoryOf(config.data_directory(), DEFAULT_DIRECTORY, karafData),
                fsync(config.sync_mode()), config.queue_bound(), config.admission_timeout_ms(),
                config.compaction_threshold(), config.compaction_min_files(), config.journal_file_size(),
                config.journal_buffer_timeout_us(), config.journal_pool_files(), config.max_records(),
                config.max_bytes());
    }
}
