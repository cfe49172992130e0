package org.estuary.webconsole.internal;

import java.io.PrintWriter;
import java.util.List;

import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;

/** The stores page (issue 7 item 1): every bound store with its type, users, contents, latency and failures. */
final class StoresPage {

    static final String LABEL = "estuary-stores";
    static final String TITLE = "Estuary stores";

    private StoresPage() {
    }

    static void render(PrintWriter out, List<StoreInventory.Entry> rows) {
        out.println("<p class=\"statline\">" + rows.size() + (rows.size() == 1 ? " store" : " stores")
                + ". Bytes are logical (keys in UTF-8 plus values), the same on every backend; on disk is what the "
                + "backend occupies (journal files, database tables), '-' for a store with nothing on disk.</p>");
        out.println("<table class=\"nicetable\" id=\"estuary-stores\"><thead><tr><th>Service</th><th>Type</th>"
                + "<th>Used by</th><th>Records</th><th>Bytes</th><th>On disk</th><th>Queued</th><th>Commits</th>"
                + "<th>Last commit</th><th>p99 commit</th><th>Failures</th><th>Last failure</th></tr></thead>"
                + "<tbody>");
        for (StoreInventory.Entry row : rows) {
            StoreStats stats = row.stats();
            out.println("<tr data-store=\"" + row.serviceId() + "\"><td>" + row.serviceId() + "</td><td>"
                    + Html.text(row.type()) + "</td><td>"
                    + (row.users().isEmpty() ? "-" : Html.text(String.join(", ", row.users()))) + "</td><td>"
                    + stats.records() + limit(stats.maxRecords()) + "</td><td>" + stats.bytes()
                    + limit(stats.maxBytes()) + "</td><td>" + disk(stats.diskBytes()) + "</td><td>" + stats.queued() + "</td><td>" + stats.commits()
                    + "</td><td>" + Html.nanos(stats.lastCommitNanos()) + "</td><td>"
                    + Html.nanos(stats.p99CommitNanos()) + "</td><td>" + stats.failures() + "</td><td>"
                    + Html.text(stats.lastFailure()) + "</td></tr>");
        }
        out.println("</tbody></table>");
    }

    /** Issue 7: the size on disk, '-' where a store has none (memory). */
    static String disk(long diskBytes) {
        return diskBytes == StoreStats.NOT_ON_DISK ? "-" : Long.toString(diskBytes);
    }

    private static String limit(long max) {
        return max == StoreStats.UNLIMITED ? "" : " / " + max;
    }
}
