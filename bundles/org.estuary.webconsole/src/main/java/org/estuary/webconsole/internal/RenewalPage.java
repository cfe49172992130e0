package org.estuary.webconsole.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * The lease renewal service's page (issue 7 item 1): its sets, a page at a time, and one set's client leases;
 * cancel a set, remove a lease. Rendering and actions take plain inputs; {@link RenewalPlugin} adapts the servlet.
 */
final class RenewalPage {

    static final String LABEL = "estuary-renewal";
    static final String TITLE = "Estuary lease renewal";

    /** The only messages a redirect can ask for: no client text is ever echoed from the query. */
    private static final Map<String, String> MESSAGES = Map.of(
            "cancelled", "The set was cancelled.",
            "removed", "The lease was removed from its set.",
            "no-set", "There is no such set (any more).",
            "no-lease", "The set holds no such lease (any more).");

    private final RenewalAdmin admin;

    RenewalPage(RenewalAdmin admin) {
        this.admin = admin;
    }

    /** Renders the page for a GET with query {@code params}; forms post to {@code root} with {@code token}. */
    void render(PrintWriter out, Function<String, String> params, String root, String token) {
        String message = MESSAGES.get(String.valueOf(params.apply("msg")));
        if (message != null) {
            out.println("<p class=\"statline ui-state-highlight\" id=\"estuary-message\">" + Html.text(message)
                    + "</p>");
        }
        try {
            Paging paging = Paging.of(params);
            String set = params.apply("set");
            if (set == null || set.isEmpty()) {
                sets(out, paging, root, token);
            } else {
                leases(out, Ids.parse(set), paging, root, token);
            }
        } catch (IllegalArgumentException e) {
            out.println("<p class=\"statline ui-state-error\" id=\"estuary-error\">" + Html.text(e.getMessage())
                    + "</p>");
        }
    }

    private void sets(PrintWriter out, Paging paging, String root, String token) {
        Page<SetInfo> page = paging.after() == null ? admin.sets(paging.offset(), paging.limit())
                : admin.setsAfter(paging.after(), paging.offset(), paging.limit());
        long leases = admin.leaseCount();
        out.println("<p class=\"statline\">" + page.total()
                + (page.total() == 1 ? " renewal set, " : " renewal sets, ") + leases
                + (leases == 1 ? " client lease.</p>" : " client leases.</p>"));
        out.println("<table class=\"nicetable\" id=\"estuary-sets\"><thead><tr><th>Set</th><th>Expires</th>"
                + "<th>Leases</th><th>Expiration-warning listener</th><th>Min warning</th>"
                + "<th>Renewal-failure listener</th><th>Actions</th></tr></thead><tbody>");
        for (SetInfo set : page.items()) {
            String id = Ids.format(set.setId());
            out.println("<tr data-set=\"" + id + "\"><td><a href=\"" + Html.text(root) + "?set=" + id + "\">" + id
                    + "</a></td><td>" + Html.time(set.expiration()) + "</td><td>" + set.leases() + "</td><td>"
                    + Html.text(set.warningListener()) + "</td><td>"
                    + (set.warningListener() == null ? "-" : Html.duration(set.minWarningMillis())) + "</td><td>"
                    + Html.text(set.failureListener()) + "</td><td>"
                    + form(root, token, "cancel-set", id, null, "Cancel set", "estuary-cancel-" + id)
                    + "</td></tr>");
        }
        out.println("</tbody></table>");
        paging.pager(out, Html.text(root) + "?", page.items().size(), page.total(),
                page.items().isEmpty() ? null : page.items().get(page.items().size() - 1).setId());
        metrics(out);
    }

    /** Issue 7 item 5: the service's counters and store-write latency, one row. */
    private void metrics(PrintWriter out) {
        Map<String, Long> metrics = admin.metrics();
        StringBuilder head = new StringBuilder();
        StringBuilder row = new StringBuilder();
        metrics.forEach((name, value) -> {
            head.append("<th>").append(Html.text(name)).append("</th>");
            row.append("<td>").append(value).append("</td>");
        });
        out.println("<p class=\"statline\">Metrics since the service started (latencies in microseconds).</p>");
        out.println("<table class=\"nicetable\" id=\"estuary-metrics\"><thead><tr>" + head + "</tr></thead><tbody><tr>"
                + row + "</tr></tbody></table>");
    }

    private void leases(PrintWriter out, long setId, Paging paging, String root, String token) {
        String id = Ids.format(setId);
        out.println("<p class=\"statline\"><a href=\"" + Html.text(root) + "\">All sets</a></p>");
        Optional<SetInfo> set = admin.set(setId);
        if (set.isEmpty()) {
            out.println("<p class=\"statline ui-state-error\" id=\"estuary-error\">There is no renewal set " + id
                    + ".</p>");
            return;
        }
        Page<LeaseInfo> page = paging.after() == null ? admin.leases(setId, paging.offset(), paging.limit())
                : admin.leasesAfter(setId, paging.after(), paging.offset(), paging.limit());
        out.println("<p class=\"statline\">Set " + id + ": expires " + Html.time(set.get().expiration()) + ", "
                + page.total() + " client leases. "
                + form(root, token, "cancel-set", id, null, "Cancel set", "estuary-cancel-" + id) + "</p>");
        out.println("<table class=\"nicetable\" id=\"estuary-leases\"><thead><tr><th>Lease</th>"
                + "<th>Client lease</th><th>Desired expiration</th><th>Actual expiration</th><th>Renew for</th>"
                + "<th>Renewing</th><th>Last failure</th><th>Actions</th></tr></thead><tbody>");
        for (LeaseInfo lease : page.items()) {
            String key = Ids.format(lease.key());
            out.println("<tr data-lease=\"" + key + "\"><td>" + key + "</td><td>" + Html.text(lease.lease())
                    + "</td><td>" + Html.time(lease.desiredExpiration()) + "</td><td>"
                    + Html.time(lease.actualExpiration()) + "</td><td>" + Html.duration(lease.renewDuration())
                    + "</td><td>" + (lease.renewing() ? "yes" : "no") + "</td><td>"
                    + Html.text(lease.lastFailure()) + "</td><td>"
                    + form(root, token, "remove-lease", id, key, "Remove", "estuary-remove-" + key) + "</td></tr>");
        }
        out.println("</tbody></table>");
        paging.pager(out, Html.text(root) + "?set=" + id + "&amp;", page.items().size(), page.total(),
                page.items().isEmpty() ? null : page.items().get(page.items().size() - 1).key());
    }

    private static String form(String root, String token, String action, String set, String lease, String label,
            String buttonId) {
        return "<form method=\"post\" action=\"" + Html.text(root) + "\" style=\"display:inline\">"
                + "<input type=\"hidden\" name=\"action\" value=\"" + action + "\">"
                + "<input type=\"hidden\" name=\"set\" value=\"" + set + "\">"
                + (lease == null ? "" : "<input type=\"hidden\" name=\"lease\" value=\"" + lease + "\">")
                + "<input type=\"hidden\" name=\"" + Csrf.PARAMETER + "\" value=\"" + Html.text(token) + "\">"
                + "<input type=\"submit\" class=\"ui-state-default ui-corner-all\" id=\"" + buttonId + "\" value=\""
                + label + "\"></form>";
    }

    /**
     * Performs a POSTed action (the caller has checked the CSRF token) and returns the query to redirect to.
     *
     * @throws IllegalArgumentException for an unknown action or malformed ids
     * @throws IOException if the store did not record the change
     */
    String act(Function<String, String> params) throws IOException {
        String action = String.valueOf(params.apply("action"));
        long setId = Ids.parse(params.apply("set"));
        String set = Ids.format(setId);
        switch (action) {
            case "cancel-set":
                return admin.cancelSet(setId) ? "?msg=cancelled" : "?msg=no-set";
            case "remove-lease":
                long key = Ids.parse(params.apply("lease"));
                return "?set=" + set + "&msg=" + (admin.removeLease(setId, key) ? "removed" : "no-lease");
            default:
                throw new IllegalArgumentException("unknown action");
        }
    }
}
