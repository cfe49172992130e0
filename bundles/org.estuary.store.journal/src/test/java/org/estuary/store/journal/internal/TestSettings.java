package org.estuary.store.journal.internal;

import java.nio.file.Path;
import java.util.Map;

import org.estuary.store.api.testing.ComponentConfig;

/**
 * Journal settings for tests: the component's defaults (those of its configuration annotation) in a directory,
 * changed a few at a time; {@link #get} gives the settings.
 */
final class TestSettings {

    private final JournalSettings s;

    private TestSettings(JournalSettings settings) {
        this.s = settings;
    }

    /** The component's default settings, in {@code directory}. */
    static TestSettings of(Path directory) {
        return new TestSettings(JournalStoreComponent.settingsOf(ComponentConfig.of(
                JournalStoreComponent.Config.class, Map.of("data_directory", directory.toString())), null));
    }

    JournalSettings get() {
        return s;
    }

    TestSettings withLimits(long records, long bytes) {
        return new TestSettings(new JournalSettings(s.directory(), s.sync(), s.queueBound(), s.admissionMillis(),
                s.compactPercentage(), s.compactMinFiles(), s.fileSize(), s.bufferTimeoutMicros(), s.poolFiles(),
                records, bytes));
    }

    TestSettings withQueue(int bound, long admission) {
        return new TestSettings(new JournalSettings(s.directory(), s.sync(), bound, admission, s.compactPercentage(),
                s.compactMinFiles(), s.fileSize(), s.bufferTimeoutMicros(), s.poolFiles(),
                s.maxRecords(), s.maxBytes()));
    }

    TestSettings withFiles(int size, int percentage, int minFiles) {
        return new TestSettings(new JournalSettings(s.directory(), s.sync(), s.queueBound(), s.admissionMillis(),
                percentage, minFiles, size, s.bufferTimeoutMicros(), s.poolFiles(), s.maxRecords(), s.maxBytes()));
    }

    TestSettings withPool(int files) {
        return new TestSettings(new JournalSettings(s.directory(), s.sync(), s.queueBound(), s.admissionMillis(),
                s.compactPercentage(), s.compactMinFiles(), s.fileSize(), s.bufferTimeoutMicros(), files,
                s.maxRecords(), s.maxBytes()));
    }

    TestSettings withBufferTimeout(int micros) {
        return new TestSettings(new JournalSettings(s.directory(), s.sync(), s.queueBound(), s.admissionMillis(),
                s.compactPercentage(), s.compactMinFiles(), s.fileSize(), micros, s.poolFiles(), s.maxRecords(),
                s.maxBytes()));
    }
}
