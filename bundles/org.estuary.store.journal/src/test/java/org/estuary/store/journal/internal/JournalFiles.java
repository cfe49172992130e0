package org.estuary.store.journal.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The journal files of a data directory and their size. */
final class JournalFiles {

    private JournalFiles() {
    }

    static List<Path> files(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith("." + ArtemisJournal.EXTENSION)).sorted()
                    .collect(Collectors.toList());
        }
    }

    static long directorySize(Path directory) throws IOException {
        long size = 0;
        for (Path file : files(directory)) {
            try {
                size += Files.size(file);
            } catch (java.nio.file.NoSuchFileException renamedOrReclaimed) {
                // Artemis renames and deletes files while it compacts; the file is counted under its new name
            }
        }
        return size;
    }
}
