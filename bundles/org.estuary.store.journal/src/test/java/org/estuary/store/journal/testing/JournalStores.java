package org.estuary.store.journal.testing;

import java.nio.file.Path;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.journal.internal.JournalStoreComponent;

/** Journal stores for other bundles' tests, built and closed as SCR would build and deactivate the component. */
public final class JournalStores {

    private JournalStores() {
    }

    /**
     * A store whose journal lives in {@code directory}, in files of 1 MB (small, so tests lay them out quickly); the
     * same directory again is a restart of the store.
     */
    public static Store open(Path directory) {
        return new JournalStoreComponent(ComponentConfig.of(JournalStoreComponent.Config.class,
                Map.of("data_directory", directory.toString(), "journal_file_size", 1024 * 1024)));
    }

    /** Closes a store this factory opened (Store S7: what it acknowledged stays on disk). */
    public static void close(Store store) {
        ((JournalStoreComponent) store).deactivate();
    }
}
