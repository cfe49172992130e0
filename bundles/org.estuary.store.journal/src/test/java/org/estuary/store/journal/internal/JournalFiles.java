package org.estuary.store.journal.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Finds bytes in the journal files, for tests that damage them as a crash or a failing disk would. */
final class JournalFiles {

    /** A position in one journal file. */
    record Spot(Path file, int offset) {
    }

    private JournalFiles() {
    }

    static List<Path> files(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith("." + ArtemisJournal.EXTENSION)).sorted()
                    .collect(Collectors.toList());
        }
    }

    /** Where {@code marker} occurs in the journal files; it must occur exactly once. */
    static Spot find(Path directory, byte[] marker) throws IOException {
        Spot found = null;
        for (Path file : files(directory)) {
            byte[] bytes = Files.readAllBytes(file);
            for (int i = 0; i + marker.length <= bytes.length; i++) {
                if (matches(bytes, i, marker)) {
                    if (found != null) {
                        throw new AssertionError("marker found twice");
                    }
                    found = new Spot(file, i);
                }
            }
        }
        if (found == null) {
            throw new AssertionError("marker not found in " + directory);
        }
        return found;
    }

    /** The offset just after the last non-zero byte of a file. */
    static int end(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return end;
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

    private static boolean matches(byte[] bytes, int at, byte[] marker) {
        for (int j = 0; j < marker.length; j++) {
            if (bytes[at + j] != marker[j]) {
                return false;
            }
        }
        return true;
    }
}
