package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.SetInfo;
import org.estuary.renewal.admin.testing.FakeAdmin;
import org.junit.jupiter.api.Test;

/**
 * The renewal service's view: the columns, summaries, paging and actions the shell's {@code estuary:sets},
 * {@code estuary:leases}, {@code estuary:set-cancel}, {@code estuary:lease-remove} and the console page
 * {@code estuary-renewal} show, over a fake admin.
 */
class RenewalViewTest {

    private final FakeAdmin admin = new FakeAdmin();
    private final ServiceView view = RenewalView.of(admin);

    @SuppressWarnings("unchecked")
    private <T> Table<T> table(String name) {
        return (Table<T>) view.tables().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    private static <T> List<String> cells(Table<T> table, T row) {
        return table.columns().stream().map(column -> column.cell().apply(row)).toList();
    }

    @Test
    void setsShowUnsignedIdsExpirationLeasesAndListeners() {
        admin.addSet(-2, 3);
        admin.sets.put(9L, new SetInfo(9, Long.MAX_VALUE, 0, "Listener", 5_000, null));
        Table<SetInfo> sets = table("sets");
        assertEquals("renewal", view.name());
        assertEquals(sets, view.main());
        assertEquals(List.of("Set", "Expires", "Leases", "Expiration-warning listener", "Min warning",
                "Renewal-failure listener"), sets.columns().stream().map(Column::heading).toList());
        Page<SetInfo> page = sets.read(null, 0, 10, null);
        assertEquals(java.util.Arrays.asList("9", "never", "0", "Listener", "5 s", null), cells(sets, page.items().get(0)));
        assertEquals(java.util.Arrays.asList("18446744073709551614", "2023-11-14T22:13:20Z", "3", null, null, null),
                cells(sets, page.items().get(1)), "unsigned, after 9");
        assertEquals("2 renewal sets, 3 client leases", sets.summary().of(null, page));
        assertEquals(1, sets.read(null, 0, 10, 9L).items().size(), "after a key: seeks past it");
        assertThrows(IllegalArgumentException.class, () -> sets.read(null, 0, 1001, null));
    }

    @Test
    void leasesShowDesiredActualRenewAndFailureAndRefuseAnUnknownSet() {
        admin.addSet(5, 2);
        admin.leases.get(5L).set(1, new LeaseInfo(5, 2, "Lease#2", 1_800_000_000_000L, 1_700_000_060_000L,
                -1, true, "java.rmi.ConnectException: gone"));
        Table<LeaseInfo> leases = table("leases");
        assertEquals("sets", leases.parent().name());
        Page<LeaseInfo> page = leases.read(5L, 0, 10, null);
        assertEquals(List.of("2", "2027-01-15T08:00:00Z", "2023-11-14T22:14:20Z", "ANY", "yes",
                "java.rmi.ConnectException: gone", "Lease#2"), cells(leases, page.items().get(1)));
        assertEquals("set 5 expires 2023-11-14T22:13:20Z, 2 client leases", leases.summary().of(5L, page));
        assertEquals(List.of(2L), leases.read(5L, 1, 10, 1L).items().stream().map(LeaseInfo::key).toList());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> leases.read(12L, 0, 10, null)).getMessage()
                .contains("no renewal set 12"));
    }

    @Test
    void cancelAndRemoveActOnceAndSaySo() throws Exception {
        admin.addSet(5, 2);
        Action cancel = view.actions().get(0);
        Action remove = view.actions().get(1);
        assertEquals(List.of("set", "lease"), remove.arguments());
        assertEquals("Removed lease 2 from renewal set 5", remove.perform(5, 2));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> remove.perform(5, 2)).getMessage()
                .contains("renewal set 5 has no lease 2"));
        assertEquals("Cancelled renewal set 5", cancel.perform(5));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> cancel.perform(5)).getMessage()
                .contains("no renewal set 5"));
        admin.addSet(6, 0);
        admin.storeFails = true;
        assertThrows(java.io.IOException.class, () -> cancel.perform(6));
        assertEquals(Long.valueOf(7), view.metrics().get().get("operations"));
    }
}
