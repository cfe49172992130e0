package org.estuary.io;

/**
 * OSGi version syntax and ordering (OSGi core 3.2.5) without the framework's {@code Version} class, so that a
 * plain Java client needs no OSGi classes at run time.
 */
final class Versions {

    private Versions() {
    }

    /** Returns {@code major.minor.micro[.qualifier]}; missing numbers become 0. */
    static String canonical(String version) {
        String[] parts = split(version);
        StringBuilder out = new StringBuilder().append(number(parts, 0, version)).append('.')
                .append(number(parts, 1, version)).append('.').append(number(parts, 2, version));
        if (parts.length == 4) {
            out.append('.').append(qualifier(parts[3], version));
        }
        return out.toString();
    }

    /** Compares two canonical versions. */
    static int compare(String a, String b) {
        String[] x = split(a);
        String[] y = split(b);
        for (int i = 0; i < 3; i++) {
            int byNumber = Integer.compare(number(x, i, a), number(y, i, b));
            if (byNumber != 0) {
                return byNumber;
            }
        }
        return (x.length == 4 ? x[3] : "").compareTo(y.length == 4 ? y[3] : "");
    }

    private static String[] split(String version) {
        String trimmed = version.trim();
        String[] parts = trimmed.split("\\.", 4);
        if (trimmed.isEmpty() || parts.length > 4) {
            throw new IllegalArgumentException("not an OSGi version: '" + version + "'");
        }
        return parts;
    }

    private static int number(String[] parts, int index, String version) {
        if (index >= parts.length) {
            return 0;
        }
        String part = parts[index];
        if (part.isEmpty() || part.length() > 9) {
            throw new IllegalArgumentException("not an OSGi version: '" + version + "'");
        }
        for (int i = 0; i < part.length(); i++) {
            if (part.charAt(i) < '0' || part.charAt(i) > '9') {
                throw new IllegalArgumentException("not an OSGi version: '" + version + "'");
            }
        }
        return Integer.parseInt(part);
    }

    private static String qualifier(String qualifier, String version) {
        if (qualifier.isEmpty()) {
            throw new IllegalArgumentException("not an OSGi version: '" + version + "'");
        }
        for (int i = 0; i < qualifier.length(); i++) {
            char c = qualifier.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '-';
            if (!ok) {
                throw new IllegalArgumentException("not an OSGi version: '" + version + "'");
            }
        }
        return qualifier;
    }
}
