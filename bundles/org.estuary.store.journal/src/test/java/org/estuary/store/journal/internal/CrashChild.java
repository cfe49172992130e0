package org.estuary.store.journal.internal;

import java.nio.file.Path;

import org.estuary.store.api.testing.CrashWorkload;

/** The JVM {@link CrashKillTest} kills: {@link CrashWorkload} on a journal in the directory of its argument. */
public final class CrashChild {

    public static void main(String[] args) throws Exception {
        JournalStore store = open(Path.of(args[0]));
        CrashWorkload.run(store);
        store.close();
    }

    static JournalStore open(Path dir) {
        return new JournalStore(TestSettings.of(dir).withFiles(256 * 1024, 30, 2).get(), JournalProbe.NONE);
    }
}
