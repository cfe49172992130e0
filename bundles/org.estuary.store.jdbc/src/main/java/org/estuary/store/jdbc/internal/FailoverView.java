package org.estuary.store.jdbc.internal;

import java.util.List;
import java.util.function.Supplier;

import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.Pages;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.jdbc.internal.LeaseKeeper.Status;

/**
 * Who is active for what, since when: one row per service instance this container serves or stands by for, as the
 * shell ({@code estuary:failover-roles}), the console page {@code estuary-failover} and the MBean
 * {@value FailoverMXBean#OBJECT_NAME} show it.
 */
final class FailoverView {

    private FailoverView() {
    }

    /** The view of {@code statuses}, read at every page. */
    static ServiceView of(String member, Supplier<List<Status>> statuses) {
        Table<Indexed> roles = new Table<>("failover-roles", "role", "service instances: whether this container ("
                + member + ") is active for each, and which container is", null, List.of(
                        Column.id("#", Indexed::index),
                        Column.text("instance", row -> row.status().instance()),
                        Column.text("here", row -> row.status().active() ? "active" : "standby"),
                        Column.text("active container", row -> holder(row.status())),
                        Column.text("endpoint", row -> row.status().holder() == null ? ""
                                : row.status().holder().endpoint()),
                        Column.number("token", row -> row.status().holder() == null ? 0
                                : row.status().holder().token()),
                        Column.text("since", row -> row.status().holder() == null ? ""
                                : Format.time(row.status().holder().sinceMillis()))),
                Indexed::index, (parent, offset, limit, after) -> Pages.of(indexed(statuses.get()), offset, limit),
                (parent, page) -> summary(member, page));
        return new ServiceView("failover", "Estuary failover", List.of(roles), List.of(), null);
    }

    /** One line per instance, as the MBean gives them. */
    static String[] lines(List<Status> statuses) {
        return statuses.stream().map(status -> status.instance() + " " + (status.active() ? "active" : "standby")
                + " active=" + holder(status) + (status.holder() == null ? "" : " endpoint="
                        + status.holder().endpoint() + " token=" + status.holder().token() + " since="
                        + Format.time(status.holder().sinceMillis()))).toArray(String[]::new);
    }

    private static String holder(Status status) {
        return status.holder() == null ? "(none yet)" : status.holder().member();
    }

    private static String summary(String member, Page<Indexed> page) {
        long active = page.items().stream().filter(row -> row.status().active()).count();
        return member + " is active for " + Format.count(active, "instance", "instances") + " of " + page.total();
    }

    private static List<Indexed> indexed(List<Status> statuses) {
        return java.util.stream.IntStream.range(0, statuses.size())
                .mapToObj(i -> new Indexed(i + 1, statuses.get(i))).toList();
    }

    /** A row with its number (the table's key). */
    record Indexed(long index, Status status) {
    }
}
