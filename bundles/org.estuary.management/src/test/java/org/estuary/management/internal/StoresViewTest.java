package org.estuary.management.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.estuary.management.Column;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.Test;

/** The stores' view: type, users, records and bytes with their limits, size on disk or "-", latency, failures. */
class StoresViewTest {

    @SuppressWarnings("unchecked")
    private static List<String> cells(ServiceView view, StoreInventory.Entry row) {
        Table<StoreInventory.Entry> table = (Table<StoreInventory.Entry>) view.main();
        return table.columns().stream().map(column -> column.cell().apply(row)).toList();
    }

    @Test
    void everyStoreWithItsNumbers() {
        StoreStats jdbc = StoreStats.builder("jdbc").contents(12, 3456).limits(StoreStats.UNLIMITED, 1 << 20)
                .diskBytes(81_920).queued(2).outcomes(40, 3).latency(1_500_000, 12_340_000)
                .lastFailure("connection refused").build();
        StoreInventory.Entry one = new StoreInventory.Entry(42, "jdbc", List.of("org.estuary.renewal [61]"), jdbc);
        StoreInventory.Entry two = new StoreInventory.Entry(7, "memory", List.of(),
                StoreStats.builder("memory").contents(1, 10).limits(1000, StoreStats.UNLIMITED).build());
        ServiceView view = StoresView.view(() -> List.of(one, two));
        assertEquals("stores", view.name());
        assertEquals(List.of("Service", "Type", "Used by", "Records", "Bytes", "On disk", "Queued", "Commits",
                "Last commit", "p99 commit", "Failures", "Last failure"),
                view.main().columns().stream().map(Column::heading).toList());
        assertEquals(List.of("42", "jdbc", "org.estuary.renewal [61]", "12", "3.4 KiB / 1.0 MiB", "80.0 KiB", "2", "40",
                "1.50 ms", "12.34 ms", "3", "connection refused"), cells(view, one));
        assertEquals(java.util.Arrays.asList("7", "memory", null, "1 / 1000", "10 B", null, "0", "0", "-", "-", "0", null),
                cells(view, two), "nothing on disk: a dash");
        Page<?> page = view.main().read(null, 0, 50, null);
        assertEquals(2, page.total());
        @SuppressWarnings("unchecked")
        Table<Object> table = (Table<Object>) view.main();
        assertEquals("2 stores", table.summary().of(null, (Page<Object>) page));
    }
}
