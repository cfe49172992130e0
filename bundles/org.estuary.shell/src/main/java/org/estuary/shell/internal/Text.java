package org.estuary.shell.internal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import net.jini.core.lease.Lease;

/** How the commands print times, durations and client-supplied text. */
final class Text {

    private Text() {
    }

    /** An epoch-ms expiration: ISO-8601 UTC to the second, or "never" for Lease.FOREVER. */
    static String time(long epochMillis) {
        if (epochMillis == Lease.FOREVER) {
            return "never";
        }
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A lease duration in ms, with the specs' two special values by name. */
    static String duration(long millis) {
        if (millis == Lease.ANY) {
            return "ANY";
        }
        if (millis == Lease.FOREVER) {
            return "FOREVER";
        }
        if (millis % 1000 == 0) {
            return millis / 1000 + " s";
        }
        return millis + " ms";
    }

    /** Nanoseconds as milliseconds with two decimals ("-" for none yet). */
    static String nanos(long nanos) {
        return nanos == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.2f ms", nanos / 1_000_000.0);
    }

    /** Client-supplied text on one line: control characters (terminal escapes, newlines) become '?'. */
    static String clean(String text) {
        if (text == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return out.toString();
    }

    /** "rows 1-50 of 120" under a page. */
    static String range(long offset, int shown, long total) {
        if (shown == 0) {
            return "no rows at offset " + offset + " (" + total + " in all)";
        }
        return "rows " + (offset + 1) + "-" + (offset + shown) + " of " + total
                + (offset + shown < total ? " (next: --offset " + (offset + shown) + ")" : "");
    }
}
