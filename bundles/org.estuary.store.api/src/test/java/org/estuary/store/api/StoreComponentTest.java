package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link StoreComponent}: the store it forwards to and closes (S7), and the settings the embedded stores share. */
class StoreComponentTest {

    /** A store that counts its closings. */
    private static final class CountedStore extends EmptyStore {
        int closed;

        CountedStore() {
            super("counted");
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            return CompletableFuture.completedFuture(null);
        }
    }

    /** A backend's component as the stores write theirs, with its settings' helpers opened up for the test. */
    private static final class Component extends StoreComponent<CountedStore> {
        Component(CountedStore store) {
            super("Estuary counted store", store, "max.records=1");
        }

        @Override
        protected String close(CountedStore store) {
            store.closed++;
            return "";
        }

        static Path directory(String configured, String karafData) {
            return directoryOf(configured, KARAF_DATA + "/estuary/counted", karafData);
        }

        static String data() {
            return karafData();
        }

        static boolean sync(String mode) {
            return fsync(mode);
        }
    }

    @Test
    void forwardsToItsStoreAndClosesItOnDeactivation() throws Exception {
        CountedStore store = new CountedStore();
        Component component = new Component(store);
        assertSame(store, component.delegate());
        assertSame(store, component.store());
        assertEquals("counted", component.stats().type(), "every call reaches the store");
        component.applyAndWait(Batch.builder().build(), 1, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(0, store.closed);
        component.deactivate();
        assertEquals(1, store.closed, "S7: SCR's deactivation closes the store");
    }

    @Test
    void aDataDirectoryIsPlacedUnderKarafsOrInTheWorkingDirectoryOutsideKaraf(@TempDir Path karaf) {
        assertEquals(karaf.resolve("estuary/counted"), Component.directory("${karaf.data}/estuary/counted",
                karaf.toString()));
        assertEquals(Path.of("estuary-data/counted").toAbsolutePath(), Component.directory(
                "${karaf.data}/estuary/counted", null));
        assertEquals(Path.of("estuary-data/x").toAbsolutePath(), Component.directory("${karaf.data}/x", " "));
        assertEquals(karaf.resolve("estuary/counted"), Component.directory(" ", karaf.toString()),
                "blank: the default");
        assertEquals(karaf.resolve("elsewhere"), Component.directory(karaf + "/./elsewhere", null),
                "a plain path, normalized");
    }

    @Test
    void karafDataIsTheFrameworksPropertyNotTheJvms(@TempDir Path karaf) {
        String saved = System.getProperty("karaf.data");
        try {
            System.setProperty("karaf.data", karaf.toString());
            assertNull(Component.data(), "outside a framework there is none, whatever the JVM's property says");
        } finally {
            if (saved == null) {
                System.clearProperty("karaf.data");
            } else {
                System.setProperty("karaf.data", saved);
            }
        }
    }

    @Test
    void syncModeIsFsyncOrNone() {
        assertTrue(Component.sync("fsync"));
        assertTrue(Component.sync(" FSync "));
        assertFalse(Component.sync("none"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Component.sync("sometimes"));
        assertEquals("sync.mode must be fsync or none: sometimes", bad.getMessage());
    }
}
