package org.estuary.webconsole.internal;

import java.io.PrintWriter;
import java.util.function.Function;

import org.estuary.management.Ids;

/**
 * The offset and limit of a paged table, read from the query, and the pager links under it. {@code after} (the
 * key of the previous page's last row, or null) makes the service seek to the page instead of counting rows to
 * it, so "next" through 1,000,000 rows costs each page its own size; "last" is cheap too (read from the end).
 */
record Paging(long offset, int limit, Long after) {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1000;

    /** @throws IllegalArgumentException naming the parameter (never echoing its value) */
    static Paging of(Function<String, String> params) {
        long offset = number(params.apply("offset"), 0, "offset");
        long limit = number(params.apply("limit"), DEFAULT_LIMIT, "limit");
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be within 1.." + MAX_LIMIT);
        }
        String after = params.apply("after");
        if (after == null || after.isEmpty()) {
            return new Paging(offset, (int) limit, null);
        }
        try {
            return new Paging(offset, (int) limit, Ids.parse(after));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("after is not an id");
        }
    }

    private static long number(String text, long absent, String name) {
        if (text == null || text.isEmpty()) {
            return absent;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number");
        }
    }

    /**
     * "rows a-b of n" and first/previous/next/last links; {@code base} is a query prefix ending in '?' or '&',
     * {@code lastKey} the key of the page's last row (null for an empty page), where "next" seeks to.
     */
    void pager(PrintWriter out, String base, int shown, long total, Long lastKey) {
        out.print("<p class=\"statline\">");
        if (shown == 0) {
            out.print("No rows at offset " + offset + " (" + total + " in all).");
        } else {
            out.print("Rows " + (offset + 1) + "-" + (offset + shown) + " of " + total + ". ");
        }
        if (offset > 0) {
            out.print(" <a id=\"estuary-first\" href=\"" + base + "offset=0&amp;limit=" + limit + "\">first</a>");
            out.print(" <a id=\"estuary-prev\" href=\"" + base + "offset=" + Math.max(0, offset - limit) + "&amp;limit="
                    + limit + "\">previous</a>");
        }
        if (offset + shown < total) {
            out.print(" <a id=\"estuary-next\" href=\"" + base + "offset=" + (offset + shown) + "&amp;limit=" + limit
                    + (lastKey == null ? "" : "&amp;after=" + Ids.format(lastKey)) + "\">next</a>");
            out.print(" <a id=\"estuary-last\" href=\"" + base + "offset=" + Math.max(0, total - limit)
                    + "&amp;limit=" + limit + "\">last</a>");
        }
        out.println("</p>");
    }
}
