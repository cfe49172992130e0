package org.estuary.webconsole.internal;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

import net.jini.core.lease.Lease;

/** Escaping and formatting for the pages. Everything not written by this bundle goes through {@link #text}. */
final class Html {

    /** The web console menu category of every Estuary page. */
    static final String CATEGORY = "Estuary";

    private Html() {
    }

    /** Text for element content and quoted attribute values: the five HTML-special characters escaped. */
    static String text(String raw) {
        if (raw == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(raw.length() + 16);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(Character.isISOControl(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }

    /** A query parameter value. */
    static String query(String raw) {
        return URLEncoder.encode(raw, StandardCharsets.UTF_8);
    }

    static String time(long epochMillis) {
        if (epochMillis == Lease.FOREVER) {
            return "never";
        }
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    static String duration(long millis) {
        if (millis == Lease.ANY) {
            return "ANY";
        }
        if (millis == Lease.FOREVER) {
            return "FOREVER";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    static String nanos(long nanos) {
        return nanos == 0 ? "-" : String.format(Locale.ROOT, "%.2f ms", nanos / 1_000_000.0);
    }
}
