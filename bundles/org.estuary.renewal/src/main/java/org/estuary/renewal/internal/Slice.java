package org.estuary.renewal.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;
import java.util.function.Function;

/**
 * Issue 7: one page of an ordered table, read under the service's lock without walking the whole table. A page
 * by position walks from whichever end is nearer (the last page of 1,000,000 rows steps over none); a page after
 * a key seeks to it ({@code tailMap}, logarithmic). Only the page's own entries are converted and copied.
 */
final class Slice {

    /** Entries the last read of this thread stepped over before its page: what a page costs besides itself. */
    private static final ThreadLocal<long[]> STEPPED = ThreadLocal.withInitial(() -> new long[1]);

    private Slice() {
    }

    /** The entries at positions [offset, offset + limit) of {@code table}, converted. */
    static <S, T> List<T> at(NavigableMap<Long, S> table, long offset, int limit, Function<S, T> convert) {
        long size = table.size();
        long end = Math.min(size, offset + limit);
        if (offset >= end) {
            STEPPED.get()[0] = 0;
            return List.of();
        }
        if (offset <= size - end) {
            return take(table.values().iterator(), offset, (int) (end - offset), convert);
        }
        List<T> backwards = take(table.descendingMap().values().iterator(), size - end, (int) (end - offset),
                convert);
        List<T> items = new ArrayList<>(backwards);
        Collections.reverse(items);
        return items;
    }

    /** Up to {@code limit} entries with keys above {@code afterKey}, in key order, converted. */
    static <S, T> List<T> after(NavigableMap<Long, S> table, long afterKey, int limit, Function<S, T> convert) {
        return take(table.tailMap(afterKey, false).values().iterator(), 0, limit, convert);
    }

    /** For tests: the entries the calling thread's last read stepped over before its page. */
    static long stepped() {
        return STEPPED.get()[0];
    }

    private static <S, T> List<T> take(Iterator<S> all, long skip, int count, Function<S, T> convert) {
        long skipped = 0;
        for (; skipped < skip && all.hasNext(); skipped++) {
            all.next(); // copies nothing it skips
        }
        STEPPED.get()[0] = skipped;
        List<T> items = new ArrayList<>(Math.min(count, 64));
        while (items.size() < count && all.hasNext()) {
            items.add(convert.apply(all.next()));
        }
        return items;
    }
}
