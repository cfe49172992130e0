package org.estuary.shell.internal;

import java.util.ArrayList;
import java.util.List;

import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.management.Pages;
import org.estuary.management.Table;

/** Ids that complete an argument: the keys of a table's rows that start with what was typed. */
final class Completion {

    /** The most candidates offered; a terminal cannot show more usefully. */
    static final int MAX = 200;

    /** Rows looked at, at most (in pages of {@link Pages#MAX_LIMIT}). */
    static final long SCAN = 100_000;

    private Completion() {
    }

    /**
     * Up to {@link #MAX} ids of {@code table}'s rows starting with {@code prefix}; for a table with a parent, of the
     * rows of the parent named by the last of {@code before} (none if that is not an id or names no row).
     */
    static List<String> ids(Table<?> table, List<String> before, String prefix) {
        Long parent = null;
        if (table.parent() != null) {
            if (before.isEmpty()) {
                return List.of();
            }
            try {
                parent = Ids.parse(before.get(before.size() - 1));
            } catch (IllegalArgumentException notAnId) {
                return List.of();
            }
        }
        try {
            return scan(table, parent, prefix);
        } catch (IllegalArgumentException noSuchParent) {
            return List.of();
        }
    }

    private static <T> List<String> scan(Table<T> table, Long parent, String prefix) {
        List<String> ids = new ArrayList<>();
        Long after = null;
        for (long offset = 0; offset < SCAN && ids.size() < MAX; offset += Pages.MAX_LIMIT) {
            Page<T> page = table.read(parent, offset, Pages.MAX_LIMIT, after);
            for (T row : page.items()) {
                String id = Ids.format(table.key().applyAsLong(row));
                if (id.startsWith(prefix) && ids.size() < MAX) {
                    ids.add(id);
                }
            }
            if (!page.hasMore() || page.items().isEmpty()) {
                break;
            }
            after = table.key().applyAsLong(page.items().get(page.items().size() - 1));
        }
        return ids;
    }
}
