package org.estuary.store.api;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Deactivate;

/**
 * A store backend's DS component: the object DS registers and configures, forwarding every call to the store it
 * opened for this activation ({@link ForwardingStore}). It logs one INFO line with the effective settings when
 * active, and closes the store (S7) when SCR deactivates it, with one INFO line saying what the store leaves. A
 * backend's component declares its {@code @Component} (immediate, {@value Store#TYPE} and {@code service.ranking}),
 * its configuration and an {@code @Activate} constructor that opens its store and passes it here; the
 * {@code @Deactivate} method is inherited ({@code -dsannotations-options: inherit}).
 *
 * <p>The embedded persistent stores share how they read two settings: {@link #directoryOf} places a data directory
 * under Karaf's ({@value #KARAF_DATA}), and {@link #fsync} reads a {@code sync.mode}.
 *
 * @param <S> the backend's store
 */
@ConsumerType
public abstract class StoreComponent<S extends Store> extends ForwardingStore {

    /** The placeholder for Karaf's data directory in a {@code data.directory} setting. */
    public static final String KARAF_DATA = "${karaf.data}";

    private final String name;
    private final S store;
    private final System.Logger log;

    /**
     * Takes {@code store} as this component's, and logs that it is active.
     *
     * @param name the store as operators read it ("Estuary rocksdb store")
     * @param store the store opened for this activation
     * @param settings its effective settings, for the INFO line (never secrets)
     */
    protected StoreComponent(String name, S store, Object settings) {
        this.name = Objects.requireNonNull(name, "name");
        this.store = Objects.requireNonNull(store, "store");
        this.log = System.getLogger(getClass().getName());
        log.log(System.Logger.Level.INFO, name + " active (" + store.stats().records() + " records recovered): "
                + settings);
    }

    /** The store this component opened. */
    protected final S store() {
        return store;
    }

    @Override
    protected final Store delegate() {
        return store;
    }

    /**
     * Closes the store (Store S7).
     *
     * @return what the store leaves, for the closing line ("; 12 records dropped"), or an empty string
     */
    protected abstract String close(S store);

    /** Closes the store (Store S7); SCR calls it when the component is deactivated. */
    @Deactivate
    public final void deactivate() {
        String leaves = close(store);
        log.log(System.Logger.Level.INFO, name + " closed" + leaves);
    }

    /**
     * Karaf's data directory: the {@code karaf.data} property of the framework this bundle runs in (Karaf sets it),
     * or null outside a framework or where it is not set (the executable jar on Felix, tests).
     */
    protected static String karafData() {
        Bundle bundle = FrameworkUtil.getBundle(StoreComponent.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        return context == null ? null : context.getProperty("karaf.data");
    }

    /**
     * A data directory setting as a path: {@value #KARAF_DATA} stands for {@code karafData}, or, when that is null
     * or blank (outside Karaf), {@value #KARAF_DATA}{@code /estuary} becomes {@code estuary-data} in the working
     * directory.
     *
     * @param configured the setting; null or blank for {@code fallback}
     * @param fallback the default setting ({@code ${karaf.data}/estuary/rocksdb})
     * @param karafData Karaf's data directory, or null
     */
    protected static Path directoryOf(String configured, String fallback, String karafData) {
        String text = configured == null || configured.isBlank() ? fallback : configured;
        if (text.contains(KARAF_DATA)) {
            if (karafData == null || karafData.isBlank()) {
                text = text.replace(KARAF_DATA + "/estuary", "estuary-data").replace(KARAF_DATA, "estuary-data");
            } else {
                text = text.replace(KARAF_DATA, karafData);
            }
        }
        return Path.of(text).toAbsolutePath().normalize();
    }

    /**
     * A {@code sync.mode} setting: {@code fsync} (true: a batch is acknowledged once synced to disk) or {@code none}
     * (false: once the operating system has it), in any case and with blanks around.
     *
     * @throws IllegalArgumentException for anything else
     */
    protected static boolean fsync(String syncMode) {
        String mode = syncMode.trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("fsync") && !mode.equals("none")) {
            throw new IllegalArgumentException("sync.mode must be fsync or none: " + syncMode);
        }
        return mode.equals("fsync");
    }
}
