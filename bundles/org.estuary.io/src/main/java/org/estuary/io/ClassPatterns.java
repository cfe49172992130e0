package org.estuary.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed list of class-name patterns and the one question it answers: which pattern, if any, decides a class
 * name. The syntax is the class part of JEP 290's: {@code a.b.C} (exactly that class), {@code a.b.*} (classes in
 * package {@code a.b}), {@code a.b.**} (package {@code a.b} and its subpackages), {@code prefix*} (names starting
 * with {@code prefix}), and {@code !pattern} (reject what {@code pattern} matches). Unlike JEP 290, rejections
 * win whatever their position, so adding an allow pattern can never undo a rejection.
 */
final class ClassPatterns {

    /** The outcome of matching one name. */
    record Match(boolean allowed, String pattern) {
    }

    private final List<String> patterns;
    private final Rules allow = new Rules();
    private final Rules reject = new Rules();

    ClassPatterns(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
        for (String pattern : this.patterns) {
            if (pattern.startsWith("!")) {
                reject.add(pattern.substring(1), pattern);
            } else {
                allow.add(pattern, pattern);
            }
        }
    }

    /**
     * Checks a pattern and returns it trimmed.
     *
     * @throws NullPointerException if {@code pattern} is null
     * @throws IllegalArgumentException if it is blank or not in the syntax above
     */
    static String validate(String pattern) {
        String p = Objects.requireNonNull(pattern, "pattern").trim();
        String body = p.startsWith("!") ? p.substring(1) : p;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("empty serial filter pattern: '" + pattern + "'");
        }
        if (body.indexOf('/') >= 0) {
            throw new IllegalArgumentException("module patterns (module/...) are not supported: '" + pattern + "'");
        }
        int star = body.indexOf('*');
        boolean starsOnlyAtEnd = star < 0 || body.endsWith(".**") && star == body.length() - 2
                || star == body.length() - 1;
        if (!starsOnlyAtEnd) {
            throw new IllegalArgumentException("'*' may only end a serial filter pattern: '" + pattern + "'");
        }
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (Character.isWhitespace(c) || c == ';' || c == '[' || c == '!' || c == '=' || c == ',') {
                throw new IllegalArgumentException("not a class name pattern: '" + pattern + "'");
            }
        }
        return p;
    }

    /** The patterns in the order given. */
    List<String> patterns() {
        return patterns;
    }

    /** The deciding pattern for a (non-array) class name, or null when no pattern matches. */
    Match match(String className) {
        String by = reject.find(className);
        if (by != null) {
            return new Match(false, by);
        }
        by = allow.find(className);
        return by == null ? null : new Match(true, by);
    }

    /** One direction's patterns, indexed so that a lookup costs two hash probes plus the prefix patterns. */
    private static final class Rules {
        private final Map<String, String> exact = new HashMap<>(); // class name -> pattern
        private final Map<String, String> packages = new HashMap<>(); // package -> pattern
        private final List<String[]> prefixes = new ArrayList<>(); // {prefix, pattern}

        void add(String body, String pattern) {
            if (body.endsWith(".**")) {
                prefixes.add(new String[] {body.substring(0, body.length() - 2), pattern});
            } else if (body.endsWith(".*")) {
                packages.putIfAbsent(body.substring(0, body.length() - 2), pattern);
            } else if (body.endsWith("*")) {
                prefixes.add(new String[] {body.substring(0, body.length() - 1), pattern});
            } else {
                exact.putIfAbsent(body, pattern);
            }
        }

        String find(String name) {
            String by = exact.get(name);
            if (by != null) {
                return by;
            }
            int dot = name.lastIndexOf('.');
            by = packages.get(dot < 0 ? "" : name.substring(0, dot));
            if (by != null) {
                return by;
            }
            for (String[] prefix : prefixes) {
                if (name.startsWith(prefix[0])) {
                    return prefix[1];
                }
            }
            return null;
        }
    }
}
