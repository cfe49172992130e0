package org.estuary.management;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

import net.jini.core.lease.Lease;

import org.estuary.store.api.FailoverRoles;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How every management view writes values for operators, the same in the shell, the console and JMX: times,
 * durations, latencies, sizes in bytes, and client-supplied text (a listener's or a lease's {@code toString()}).
 */
@ProviderType
public final class Format {

    /** The longest description kept of client-supplied text. */
    public static final int MAX_TEXT = 200;

    private static final String[] BINARY_UNITS = {"KiB", "MiB", "GiB", "TiB"};

    private Format() {
    }

    /** An epoch-ms time (an expiration): ISO-8601 UTC to the second, or "never" for {@code Lease.FOREVER}. */
    public static String time(long epochMillis) {
        if (epochMillis == Lease.FOREVER) {
            return "never";
        }
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A lease duration in ms ("60 s", "1500 ms"), with the specs' two special values by name (ANY, FOREVER). */
    public static String duration(long millis) {
        if (millis == Lease.ANY) {
            return "ANY";
        }
        if (millis == Lease.FOREVER) {
            return "FOREVER";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    /** Nanoseconds as milliseconds with two decimals ("1.50 ms"), "-" for none yet (0). */
    public static String nanos(long nanos) {
        return nanos == 0 ? "-" : String.format(Locale.ROOT, "%.2f ms", nanos / 1_000_000.0);
    }

    /**
     * A size in bytes as people read it: below 1 KiB in bytes ("512 B"), above in binary units with one decimal
     * ("819.8 KiB", "256.0 MiB", "1.5 GiB", "2.0 TiB"); a value that would round to 1024.0 moves to the next unit.
     */
    public static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = -1;
        do {
            value /= 1024;
            unit++;
        } while (value >= 1024 - 0.05 && unit < BINARY_UNITS.length - 1);
        return String.format(Locale.ROOT, "%.1f %s", value, BINARY_UNITS[unit]);
    }

    /** "1 store", "3 stores". */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /**
     * An object's description for a view, guarded: a client-supplied {@code toString()} that throws or returns
     * huge text must not break the page, so a failure is described instead and the text is shortened to
     * {@link #MAX_TEXT} characters. Null stays null.
     */
    public static String describe(Object object) {
        if (object == null) {
            return null;
        }
        String text;
        try {
            text = String.valueOf(object);
        } catch (RuntimeException | LinkageError e) {
            text = object.getClass().getName() + " (toString failed: " + e + ")";
        }
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 1) + "\u2026";
    }

    /**
     * A service instance's failover role as operators and refused clients read it: "active in this container (east-1)
     * since INSTANT, token 3", "standby: the active container is west-1 at west-1.example.org:4170
     * since INSTANT, token 3", or "standby: no container is active yet".
     */
    public static String role(FailoverRoles.Role role) {
        if (role.member() == null) {
            return "standby: no container is active yet";
        }
        String term = " since " + time(role.sinceMillis()) + ", token " + role.token();
        if (role.activeHere()) {
            return "active in this container (" + role.member() + ")" + term;
        }
        return "standby: the active container is " + role.member()
                + (role.endpoint().isEmpty() ? "" : " at " + role.endpoint()) + term;
    }
}
