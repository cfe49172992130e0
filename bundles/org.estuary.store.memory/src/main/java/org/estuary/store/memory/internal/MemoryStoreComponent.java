package org.estuary.store.memory.internal;

import java.lang.System.Logger.Level;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreComponent;
import org.estuary.store.api.StoreStats;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The volatile store as a DS component: publishes {@code store.type=memory} and keeps its records for as long as
 * the component lives, which is as long as its bundle runs with a configuration.
 *
 * <p>Immediate, so that SCR does not deactivate it (and drop every record) when the last service using it goes
 * away, as it would a delayed component: replacing a <em>service</em> bundle while this bundle stays loses
 * nothing. A configuration change goes through {@link #modified} and keeps the records too.
 */
@Component(
        service = Store.class,
        immediate = true,
        configurationPid = MemoryStoreComponent.PID,
        property = Store.TYPE + "=" + Store.TYPE_MEMORY)
@Designate(ocd = MemoryStoreComponent.Config.class)
public final class MemoryStoreComponent extends StoreComponent<MemoryStore> {

    /** The configuration PID. */
    public static final String PID = "org.estuary.store.memory";

    private static final System.Logger LOG = System.getLogger(MemoryStoreComponent.class.getName());

    /** The memory store's configuration. */
    @ObjectClassDefinition(
            name = "Estuary memory store",
            description = "The volatile store: records live in the heap until this bundle stops. Use it for tests "
                    + "and for deployments that need no state after a restart.")
    public @interface Config {

        @AttributeDefinition(
                name = "Maximum records",
                description = "Records the store holds at most, over all services; a batch that would add more "
                        + "fails with FULL. Each record costs its key and value plus roughly 100 bytes of heap.",
                min = "1")
        long max_records() default 1_000_000L;

        @AttributeDefinition(
                name = "Maximum bytes",
                description = "Logical bytes (UTF-8 keys plus values) the store holds at most; a batch that "
                        + "would add more fails with FULL.",
                min = "1")
        long max_bytes() default 134_217_728L;
    }

    @Activate
    public MemoryStoreComponent(Config config) {
        this(capacityOf(config));
    }

    private MemoryStoreComponent(Capacity capacity) {
        super("Estuary memory store", new MemoryStore(capacity), capacity);
    }

    @Modified
    void modified(Config config) {
        Capacity capacity = capacityOf(config);
        boolean over = store().setCapacity(capacity);
        LOG.log(Level.INFO, "Estuary memory store reconfigured, records kept: " + capacity);
        if (over) {
            StoreStats stats = store().stats();
            LOG.log(Level.WARNING, "Estuary memory store holds " + stats.records() + " records and "
                    + stats.bytes() + " bytes, above its new limits; batches that add records or bytes fail until "
                    + "enough is deleted or the limits are raised");
        }
    }

    /** Store S7: its records are dropped. */
    @Override
    protected String close(MemoryStore store) {
        long records = store.stats().records();
        store.close();
        return "; " + records + " records dropped";
    }

    private static Capacity capacityOf(Config config) {
        return new Capacity(config.max_records(), config.max_bytes());
    }
}
