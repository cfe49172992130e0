package org.estuary.management.internal;

import java.util.List;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Pages;
import org.estuary.management.Registrations;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The stores as operators see them, whichever bundles register them: one table, {@code estuary:stores} in the
 * shell and the console page {@code estuary-stores}. Bytes are logical (keys in UTF-8 plus values), the same on
 * every backend, and shown in binary units ({@link Format#bytes}); "on disk" is what the backend occupies, "-" for a store with nothing on disk.
 */
@Component(immediate = true, service = {})
public final class StoresView {

    private final ServiceRegistration<ServiceView> registration;

    @Activate
    public StoresView(BundleContext context) {
        registration = context.registerService(ServiceView.class, view(() -> StoreInventory.read(context)),
                Registrations.properties("Estuary stores (management view)"));
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
    }

    /** The view of the stores {@code stores} reads. */
    static ServiceView view(Supplier<List<StoreInventory.Entry>> stores) {
        Table<StoreInventory.Entry> table = new Table<>("stores", "store",
                "Lists the stores: type, the bundles using each, records, bytes, size on disk, commit latency (last "
                        + "and 99th percentile) and failures.",
                null, columns(), StoreInventory.Entry::serviceId,
                (parent, offset, limit, after) -> Pages.of(stores.get(), offset, limit),
                (parent, page) -> Format.count(page.total(), "store", "stores"));
        return new ServiceView("stores", "Estuary stores", List.of(table), List.of(), null);
    }

    static List<Column<StoreInventory.Entry>> columns() {
        return List.of(
                Column.number("Service", StoreInventory.Entry::serviceId),
                Column.text("Type", StoreInventory.Entry::type),
                Column.text("Used by", row -> row.users().isEmpty() ? null : String.join(", ", row.users())),
                Column.text("Records", row -> row.stats().records()
                        + limit(row.stats().maxRecords(), Long::toString)),
                Column.text("Bytes", row -> Format.bytes(row.stats().bytes())
                        + limit(row.stats().maxBytes(), Format::bytes)),
                Column.text("On disk", row -> row.stats().diskBytes() == StoreStats.NOT_ON_DISK ? null
                        : Format.bytes(row.stats().diskBytes())),
                Column.number("Queued", row -> row.stats().queued()),
                Column.number("Commits", row -> row.stats().commits()),
                Column.text("Last commit", row -> Format.nanos(row.stats().lastCommitNanos())),
                Column.text("p99 commit", row -> Format.nanos(row.stats().p99CommitNanos())),
                Column.number("Failures", row -> row.stats().failures()),
                Column.<StoreInventory.Entry>text("Last failure", row -> row.stats().lastFailure()).width(60));
    }

    private static String limit(long max, LongFunction<String> format) {
        return max == StoreStats.UNLIMITED ? "" : " / " + format.apply(max);
    }
}
