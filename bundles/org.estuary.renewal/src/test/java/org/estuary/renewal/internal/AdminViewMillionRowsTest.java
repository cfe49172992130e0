package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import net.jini.core.lease.Lease;

import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The renewal service's tables page through 1,000,000 rows. One set holds 1,000,000 client leases (put into the
 * service's table directly: the store and the admission limits are not what this checks); the last page, a page
 * near the end and the page after a key hold the right rows. That such pages step over no more than a page's worth
 * of entries is {@code org.estuary.management.PagesTest}'s.
 */
class AdminViewMillionRowsTest {

    private static final int ROWS = 1_000_000;
    private static final long SET = 77;

    private final Harness harness = new Harness();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void pagesAtTheEndOfAMillionLeasesStepOverNoMoreThanAPage() throws Exception {
        RenewalService service = harness.start();
        service.read(table -> {
            SetState set = new SetState(SET, Lease.FOREVER);
            table.addSet(set);
            for (long key = 1; key <= ROWS; key++) {
                set.entries.put(key, new ClientEntry(key, SET, null, null, 1_000L, 1_000L, 1_000L, 2_000L, 60_000L));
            }
            return set;
        });
        RenewalAdmin admin = new AdminView(service);

        Page<LeaseInfo> last = admin.leases(SET, ROWS - 1000, 1000);
        assertEquals(ROWS, last.total());
        assertEquals(1000, last.items().size());
        assertEquals(ROWS - 999, last.items().get(0).key());
        assertEquals(ROWS, last.items().get(999).key());
        assertFalse(last.hasMore());

        Page<LeaseInfo> nearEnd = admin.leases(SET, ROWS - 2500, 1000);
        assertEquals(ROWS - 2499, nearEnd.items().get(0).key());

        Page<LeaseInfo> afterKey = admin.leasesAfter(SET, ROWS / 2, ROWS / 2, 1000);
        assertEquals(List.of(ROWS / 2 + 1L, ROWS / 2 + 1000L), List.of(afterKey.items().get(0).key(),
                afterKey.items().get(999).key()));
        assertEquals(ROWS / 2, afterKey.offset());
        assertTrue(afterKey.hasMore());

        Page<LeaseInfo> first = admin.leases(SET, 0, 10);
        assertEquals(1, first.items().get(0).key());
    }
}
