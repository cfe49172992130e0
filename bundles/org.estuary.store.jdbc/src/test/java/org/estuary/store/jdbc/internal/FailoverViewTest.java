package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.jdbc.internal.LeaseKeeper.Status;
import org.estuary.store.jdbc.internal.LeaseRows.Holder;
import org.junit.jupiter.api.Test;

/** Who is active for what, since when, as the shell, the console and JMX show it. */
class FailoverViewTest {

    private static final long SINCE = 1_700_000_000_000L;

    private final List<Status> statuses = List.of(
            new Status("renewal", true, new Holder("east-1", "east-1:4170", 3, SINCE, SINCE + 6_000)),
            new Status("mailbox", false, new Holder("west-1", "west-1:4170", 7, SINCE, SINCE + 6_000)),
            new Status("txn", false, null));

    @Test
    void eachInstanceShowsWhetherThisContainerIsActiveAndWhichContainerIs() {
        ServiceView view = FailoverView.of("east-1", () -> statuses);
        assertEquals("failover", view.name());
        @SuppressWarnings("unchecked")
        Table<Object> roles = (Table<Object>) view.main();
        Page<Object> page = roles.read(null, 0, 10, null);
        assertEquals(3, page.total());
        assertEquals(List.of("1", "renewal", "active", "east-1", "east-1:4170", "3", Format.time(SINCE)),
                cells(roles, page.items().get(0)));
        assertEquals(List.of("2", "mailbox", "standby", "west-1", "west-1:4170", "7", Format.time(SINCE)),
                cells(roles, page.items().get(1)));
        assertEquals(List.of("3", "txn", "standby", "(none yet)", "", "0", ""), cells(roles, page.items().get(2)));
        assertEquals("east-1 is active for 1 instance of 3", roles.summary().of(null, page));
    }

    @Test
    void theMBeanGivesOneLinePerInstance() {
        assertArrayEquals(new String[] {
            "renewal active active=east-1 endpoint=east-1:4170 token=3 since=" + Format.time(SINCE),
            "mailbox standby active=west-1 endpoint=west-1:4170 token=7 since=" + Format.time(SINCE),
            "txn standby active=(none yet)"}, FailoverView.lines(statuses));
    }

    private static List<String> cells(Table<Object> table, Object row) {
        return table.columns().stream().map(column -> column.cell().apply(row)).toList();
    }
}
