package org.estuary.shell.internal;

import java.util.ArrayList;
import java.util.List;

import org.estuary.management.Ids;

/**
 * A command's words read: its ids in order and, for a command that pages, {@code -o|--offset N} and
 * {@code -n|--limit N} (also {@code --offset=N}). Refuses what it cannot read, naming it and the usage.
 */
record Arguments(long[] ids, long offset, int limit) {

    static final int DEFAULT_LIMIT = 50;

    static Arguments read(String command, List<String> words, List<String> names, boolean pages) {
        List<String> positional = new ArrayList<>();
        long offset = 0;
        long limit = DEFAULT_LIMIT;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            boolean isOffset = option.equals("-o") || option.equals("--offset");
            boolean isLimit = option.equals("-n") || option.equals("--limit");
            if (pages && (isOffset || isLimit)) {
                String value;
                if (word.contains("=")) {
                    value = word.substring(word.indexOf('=') + 1);
                } else if (i + 1 < words.size()) {
                    value = words.get(++i);
                } else {
                    throw new IllegalArgumentException(option + " needs a number (" + command + " --help)");
                }
                long number = number(option, value, command);
                if (isOffset) {
                    offset = number;
                } else {
                    limit = number;
                }
            } else if (word.startsWith("-") && word.length() > 1 && !Character.isDigit(word.charAt(1))) {
                throw new IllegalArgumentException("unknown option " + word + " (" + command + " --help)");
            } else {
                positional.add(word);
            }
        }
        if (positional.size() != names.size()) {
            throw new IllegalArgumentException(command + " takes " + (names.isEmpty() ? "no arguments"
                    : String.join(" and ", names).toUpperCase(java.util.Locale.ROOT)) + " (" + command + " --help)");
        }
        long[] ids = new long[names.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = Ids.parse(positional.get(i));
        }
        return new Arguments(ids, offset, (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, limit)));
    }

    private static long number(String option, String value, String command) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, not '" + Text.clean(value) + "' ("
                    + command + " --help)");
        }
    }
}
