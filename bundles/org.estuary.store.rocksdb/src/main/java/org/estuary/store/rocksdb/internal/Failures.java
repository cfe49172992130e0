package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;
import java.util.Locale;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * Turns a failure RocksDB reports into a {@link StoreException} an operator can act on (Store S6): corruption is
 * {@code CORRUPT}, a full disk {@code FULL}, anything else {@code UNAVAILABLE}, each naming the directory and what
 * to do.
 */
final class Failures {

    static final String CONFIGURATION = "configuration " + RocksStoreComponent.PID;

    private Failures() {
    }

    static StoreException of(RocksDBException failure, Path directory, boolean outcomeUnknown) {
        Status status = failure.getStatus();
        String cause = failure.getMessage();
        String lower = String.valueOf(cause).toLowerCase(Locale.ROOT);
        if (status != null && status.getCode() == Status.Code.Corruption) {
            return new StoreException(Reason.CORRUPT, "rocksdb store found corrupt data in " + directory + " ("
                    + cause + "); restore the directory from a backup or repair it with RocksDB's tools; the store "
                    + "refuses to guess", failure, outcomeUnknown);
        }
        if (lower.contains("no space left") || lower.contains("nospace") || lower.contains("file too large")
                || lower.contains("quota")) {
            return new StoreException(Reason.FULL, "rocksdb store full: no space left on device in " + directory
                    + " (" + cause + "); free disk space or move data.directory (" + CONFIGURATION + "); the "
                    + "store resumes by itself once there is room", failure, outcomeUnknown);
        }
        if (lower.contains("read-only") || lower.contains("permission denied")) {
            return new StoreException(Reason.UNAVAILABLE, "rocksdb store cannot write in " + directory + " ("
                    + cause + "); make the directory writable or change data.directory (" + CONFIGURATION + ")",
                    failure, outcomeUnknown);
        }
        return new StoreException(Reason.UNAVAILABLE, "rocksdb store I/O failure in " + directory + " (" + cause
                + "); the store reopens its database on the next batch", failure, outcomeUnknown);
    }
}
