package org.estuary.webconsole.internal;

import java.io.PrintWriter;
import java.util.function.Function;

/** The offset and limit of a paged table, read from the query, and the pager links under it. */
record Paging(long offset, int limit) {

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
        return new Paging(offset, (int) limit);
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

    /** "rows a-b of n" and previous/next links; {@code base} is a query prefix ending in '?' or '&'. */
    void pager(PrintWriter out, String base, int shown, long total) {
        out.print("<p class=\"statline\">");
        if (shown == 0) {
            out.print("No rows at offset " + offset + " (" + total + " in all).");
        } else {
            out.print("Rows " + (offset + 1) + "-" + (offset + shown) + " of " + total + ". ");
        }
        if (offset > 0) {
            out.print(" <a id=\"estuary-prev\" href=\"" + base + "offset=" + Math.max(0, offset - limit) + "&amp;limit="
                    + limit + "\">previous</a>");
        }
        if (offset + shown < total) {
            out.print(" <a id=\"estuary-next\" href=\"" + base + "offset=" + (offset + shown) + "&amp;limit=" + limit
                    + "\">next</a>");
        }
        out.println("</p>");
    }
}
