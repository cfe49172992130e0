package org.estuary.management;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A column of a {@link Table}: its heading and how a row shows in it. Cells are text, written once for every view
 * (with {@link Format} and {@link Ids}); the shell and the console escape every cell their own way, so a cell may
 * hold client-supplied text as it is. A null cell shows as "-".
 *
 * @param heading the column's heading, the same in the shell and the console
 * @param cell the row's text in this column
 * @param numeric whether the column holds numbers (the shell aligns them right)
 * @param width the widest the shell shows a cell (longer text is cut), 0 for no limit; the console wraps instead
 * @param <T> the row type
 */
@ProviderType
public record Column<T>(String heading, Function<T, String> cell, boolean numeric, int width) {

    public Column {
        Objects.requireNonNull(heading, "heading");
        Objects.requireNonNull(cell, "cell");
        if (width < 0) {
            throw new IllegalArgumentException("width must not be negative: " + width);
        }
    }

    /** A column of text. */
    public static <T> Column<T> text(String heading, Function<T, String> cell) {
        return new Column<>(heading, cell, false, 0);
    }

    /** A column of numbers. */
    public static <T> Column<T> number(String heading, ToLongFunction<T> value) {
        return new Column<>(heading, row -> Long.toString(value.applyAsLong(row)), true, 0);
    }

    /** A column of ids, as {@link Ids#format} writes them. */
    public static <T> Column<T> id(String heading, ToLongFunction<T> id) {
        return new Column<>(heading, row -> Ids.format(id.applyAsLong(row)), false, 0);
    }

    /** This column, shown at most {@code max} characters wide in the shell. */
    public Column<T> width(int max) {
        return new Column<>(heading, cell, numeric, max);
    }
}
