package org.estuary.store.journal.internal;

import java.nio.file.Path;
import java.util.Locale;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * Turns an I/O failure of the journal into a {@link StoreException} an operator can act on (Store S6): a full disk
 * or file-size limit is {@code FULL} naming the directory, anything else {@code UNAVAILABLE} with the cause.
 */
final class IoFailures {

    static final String CONFIGURATION = "configuration " + JournalStoreComponent.PID;

    private IoFailures() {
    }

    static StoreException of(Throwable failure, Path directory, boolean outcomeUnknown) {
        String causes = describe(failure);
        String lower = causes.toLowerCase(Locale.ROOT);
        if (lower.contains("no space left") || lower.contains("file too large") || lower.contains("quota")) {
            return new StoreException(Reason.FULL, "journal store full: no space left on device in " + directory
                    + " (" + causes + "); free disk space or move data.directory (" + CONFIGURATION + "); the "
                    + "store resumes by itself once there is room", failure, outcomeUnknown);
        }
        if (lower.contains("read-only") || lower.contains("permission denied") || lower.contains("access denied")
                || lower.contains("accessdenied")) {
            return new StoreException(Reason.UNAVAILABLE, "journal store cannot write in " + directory + " ("
                    + causes + "); make the directory writable or change data.directory (" + CONFIGURATION + ")",
                    failure, outcomeUnknown);
        }
        return new StoreException(Reason.UNAVAILABLE, "journal store I/O failure in " + directory + " (" + causes
                + "); the store reopens its journal on the next batch", failure, outcomeUnknown);
    }

    /** The messages of a failure and its causes, most specific last. */
    static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null && text.length() < 500; t = t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (text.indexOf(message) < 0) {
                if (text.length() > 0) {
                    text.append(": ");
                }
                text.append(message);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return text.toString();
    }
}
