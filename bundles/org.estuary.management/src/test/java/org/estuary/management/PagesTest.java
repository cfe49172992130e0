package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.AbstractCollection;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/** Pages of an ordered table: the right rows, read while stepping over at most a page's worth of entries. */
class PagesTest {

    private static final int ROWS = 100_000;

    /** A table that counts the values its views step over (and converts nothing but the page). */
    private static final class Counting extends TreeMap<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final long[] steps;

        Counting(long[] steps) {
            this.steps = steps;
        }

        /** A copy of {@code entries}, in their order (built in linear time). */
        Counting(java.util.SortedMap<Long, Long> entries, long[] steps) {
            super(entries);
            this.steps = steps;
        }

        @Override
        public Collection<Long> values() {
            Collection<Long> all = super.values();
            return new AbstractCollection<>() {
                @Override
                public Iterator<Long> iterator() {
                    Iterator<Long> each = all.iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return each.hasNext();
                        }

                        @Override
                        public Long next() {
                            steps[0]++;
                            return each.next();
                        }
                    };
                }

                @Override
                public int size() {
                    return all.size();
                }
            };
        }

        @Override
        public NavigableMap<Long, Long> descendingMap() {
            return new Counting(super.descendingMap(), steps);
        }

        @Override
        public NavigableMap<Long, Long> tailMap(Long from, boolean inclusive) {
            return new Counting(super.tailMap(from, inclusive), steps);
        }
    }

    private final long[] steps = new long[1];
    private final Counting table = new Counting(steps);
    private final Function<Long, Long> convert = Function.identity();

    private long stepped() {
        long stepped = steps[0];
        steps[0] = 0;
        return stepped;
    }

    @Test
    void pagesAtTheEndOf100000RowsStepOverNoMoreThanAPage() {
        for (long key = 1; key <= ROWS; key++) {
            table.put(key, key);
        }
        stepped();
        Page<Long> last = Pages.at(table, ROWS - 1000, 1000, convert);
        assertEquals(ROWS, last.total());
        assertEquals(List.of(ROWS - 999L, (long) ROWS), List.of(last.items().get(0), last.items().get(999)));
        assertFalse(last.hasMore());
        assertEquals(1000, stepped(), "the last page is read from the end: only its own rows");

        Page<Long> nearEnd = Pages.at(table, ROWS - 2500, 1000, convert);
        assertEquals(ROWS - 2499L, nearEnd.items().get(0));
        assertEquals(2500, stepped(), "from the end: the 1,500 rows after the page, not 97,500 before it");

        Page<Long> afterKey = Pages.after(table, ROWS / 2, ROWS / 2, 1000, convert);
        assertEquals(List.of(ROWS / 2 + 1L, ROWS / 2 + 1000L), List.of(afterKey.items().get(0),
                afterKey.items().get(999)));
        assertEquals(ROWS / 2, afterKey.offset());
        assertTrue(afterKey.hasMore());
        assertEquals(1000, stepped(), "after a key: a seek, then the page");

        assertEquals(List.of(1L, 2L), Pages.at(table, 0, 2, convert).items());
        assertEquals(2, stepped());
    }

    @Test
    void pagesPastTheEndAreEmptyAndOnlyThePageIsConverted() {
        for (long key = 1; key <= 25; key++) {
            table.put(key, key);
        }
        int[] converted = new int[1];
        Page<String> page = Pages.at(table, 20, 10, value -> {
            converted[0]++;
            return "row " + value;
        });
        assertEquals(List.of("row 21", "row 22", "row 23", "row 24", "row 25"), page.items());
        assertEquals(5, converted[0]);
        assertTrue(Pages.at(table, 25, 10, convert).items().isEmpty(), "past the end: empty, not an error");
        assertEquals(25, Pages.at(table, 1_000_000, 10, convert).total());
        assertEquals(0, Pages.empty(3, 10).total());
    }

    @Test
    void aPageOutOfBoundsIsRefusedWithTheRule() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pages.at(table, -1, 10, convert))
                .getMessage().contains("offset must not be negative"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pages.at(table, 0, 0, convert))
                .getMessage().contains("limit must be within 1..1000"));
        assertThrows(IllegalArgumentException.class, () -> Pages.after(table, 0, 0, Pages.MAX_LIMIT + 1, convert));
        assertThrows(IllegalArgumentException.class, () -> Pages.empty(-1, 10));
    }
}
