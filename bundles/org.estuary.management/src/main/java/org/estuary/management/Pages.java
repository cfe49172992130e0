package org.estuary.management;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;
import java.util.function.Function;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Pages of a service's ordered table (a {@code NavigableMap} by id), read under the service's lock without walking
 * or copying the whole table. A page by position walks from whichever end is nearer, so the first and the last
 * pages of 1,000,000 rows cost only themselves; a page after a key seeks to it ({@code tailMap}, logarithmic).
 * Only the page's own entries are converted, so a caller that converts into immutable records keeps nothing that
 * refers to live state.
 */
@ProviderType
public final class Pages {

    /** The largest page a view returns, and what the shell and the console ask for at most. */
    public static final int MAX_LIMIT = 1000;

    private Pages() {
    }

    /**
     * Refuses a page request out of bounds.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@link #MAX_LIMIT}
     */
    public static void check(long offset, int limit) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative: " + offset);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be within 1.." + MAX_LIMIT + ": " + limit);
        }
    }

    /**
     * The entries at positions [offset, offset + limit) of {@code table}, converted.
     *
     * @throws IllegalArgumentException as {@link #check}
     */
    public static <S, T> Page<T> at(NavigableMap<Long, S> table, long offset, int limit, Function<S, T> convert) {
        check(offset, limit);
        long size = table.size();
        long end = Math.min(size, offset + limit);
        if (offset >= end) {
            return new Page<>(size, offset, List.of());
        }
        if (offset <= size - end) {
            return new Page<>(size, offset, take(table.values().iterator(), offset, (int) (end - offset), convert));
        }
        List<T> items = new ArrayList<>(take(table.descendingMap().values().iterator(), size - end,
                (int) (end - offset), convert));
        Collections.reverse(items);
        return new Page<>(size, offset, items);
    }

    /**
     * Up to {@code limit} entries with keys above {@code afterKey}, in key order, converted: the page after one
     * ending with {@code afterKey}. {@code offset} is that page's position as the caller counts it (the previous
     * page's offset plus its size); it is reported in the page, not used to find it.
     *
     * @throws IllegalArgumentException as {@link #check}
     */
    public static <S, T> Page<T> after(NavigableMap<Long, S> table, long afterKey, long offset, int limit,
            Function<S, T> convert) {
        check(offset, limit);
        return new Page<>(table.size(), offset, take(table.tailMap(afterKey, false).values().iterator(), 0, limit,
                convert));
    }

    /**
     * An empty page of an empty list (a set that does not exist has no leases).
     *
     * @throws IllegalArgumentException as {@link #check}
     */
    public static <T> Page<T> empty(long offset, int limit) {
        check(offset, limit);
        return new Page<>(0, offset, List.of());
    }

    /**
     * A page of a short list that is read whole (the stores), at positions [offset, offset + limit).
     *
     * @throws IllegalArgumentException as {@link #check}
     */
    public static <T> Page<T> of(List<T> all, long offset, int limit) {
        check(offset, limit);
        int from = (int) Math.min(offset, all.size());
        return new Page<>(all.size(), offset, all.subList(from, (int) Math.min(all.size(), (long) from + limit)));
    }

    private static <S, T> List<T> take(Iterator<S> all, long skip, int count, Function<S, T> convert) {
        for (long skipped = 0; skipped < skip && all.hasNext(); skipped++) {
            all.next(); // converts nothing it skips
        }
        List<T> items = new ArrayList<>(Math.min(count, 64));
        while (items.size() < count && all.hasNext()) {
            items.add(convert.apply(all.next()));
        }
        return items;
    }
}
