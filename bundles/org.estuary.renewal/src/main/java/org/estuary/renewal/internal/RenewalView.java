package org.estuary.renewal.internal;

import java.util.List;

import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * The lease renewal service as operators see it, over its {@link RenewalAdmin}: the sets and each set's client
 * leases, cancelling a set (LR.2, as its holder would) and removing a lease from its set. The shell and the web
 * console render it ({@code estuary:sets}, {@code estuary:leases SET}, {@code estuary:set-cancel SET},
 * {@code estuary:lease-remove SET LEASE}, {@code estuary:metrics}; the page {@code estuary-renewal}).
 */
final class RenewalView {

    /** The metric counting client leases dropped because they could not be renewed. */
    static final String LOST = "leases.lost";

    private RenewalView() {
    }

    static ServiceView of(RenewalAdmin admin) {
        Table<SetInfo> sets = new Table<>("sets", "set",
                "Lists the lease renewal service's sets: expiration, client leases and listeners, a page at a time.",
                null, List.of(
                        Column.id("Set", SetInfo::setId),
                        Column.text("Expires", set -> Format.time(set.expiration())),
                        Column.number("Leases", SetInfo::leases),
                        Column.text("Expiration-warning listener", SetInfo::warningListener),
                        Column.text("Min warning", set -> set.warningListener() == null ? null
                                : Format.duration(set.minWarningMillis())),
                        Column.text("Renewal-failure listener", SetInfo::failureListener)),
                SetInfo::setId,
                (parent, offset, limit, after) -> after == null ? admin.sets(offset, limit)
                        : admin.setsAfter(after, offset, limit),
                (parent, page) -> Format.count(page.total(), "renewal set", "renewal sets") + ", "
                        + Format.count(admin.leaseCount(), "client lease", "client leases") + lost(admin));
        Table<LeaseInfo> leases = new Table<>("leases", "lease",
                "Lists the client leases of a renewal set: desired and actual expiration, renew duration and last "
                        + "renewal failure.",
                sets, List.of(
                        Column.id("Lease", LeaseInfo::key),
                        Column.text("Desired expiration", lease -> Format.time(lease.desiredExpiration())),
                        Column.text("Actual expiration", lease -> Format.time(lease.actualExpiration())),
                        Column.text("Renew for", lease -> Format.duration(lease.renewDuration())),
                        Column.text("Renewing", lease -> lease.renewing() ? "yes" : "no"),
                        Column.text("Last failure", LeaseInfo::lastFailure).width(60),
                        Column.text("Client lease", LeaseInfo::lease).width(80)),
                LeaseInfo::key,
                (set, offset, limit, after) -> {
                    if (admin.set(set).isEmpty()) {
                        throw new IllegalArgumentException("no renewal set " + Ids.format(set));
                    }
                    return after == null ? admin.leases(set, offset, limit)
                            : admin.leasesAfter(set, after, offset, limit);
                },
                (set, page) -> "set " + Ids.format(set) + " expires "
                        + admin.set(set).map(info -> Format.time(info.expiration())).orElse("-") + ", "
                        + Format.count(page.total(), "client lease", "client leases"));
        Action cancel = new Action("set-cancel", "Cancel set", "Cancels a renewal set as its holder would: its "
                + "client leases are no longer renewed (nor cancelled), its listeners get no more events.", sets,
                ids -> admin.cancelSet(ids[0]), "Cancelled renewal set {0}", "no renewal set {0}");
        Action remove = new Action("lease-remove", "Remove", "Removes a client lease from a renewal set, as "
                + "LeaseRenewalSet.remove does: it is neither cancelled nor renewed any more, and no event is sent.",
                leases, ids -> admin.removeLease(ids[0], ids[1]), "Removed lease {1} from renewal set {0}",
                "renewal set {0} has no lease {1}");
        return new ServiceView("renewal", "Estuary lease renewal", List.of(sets, leases), List.of(cancel, remove),
                admin::metrics);
    }

    /** LR.2.1: client leases that expired or were refused before their desired expiration, if any were. */
    private static String lost(RenewalAdmin admin) {
        Long lost = admin.metrics().get(LOST);
        return lost == null || lost == 0 ? ""
                : "; " + Format.count(lost, "client lease", "client leases") + " lost: could not be renewed";
    }
}
