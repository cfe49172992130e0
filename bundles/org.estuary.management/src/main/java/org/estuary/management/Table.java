package org.estuary.management;

import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A table a service shows to operators, described once: the shell makes it a command ({@code estuary:NAME}, with
 * {@code --offset} and {@code --limit}), the console a table on the service's page. A table may belong to a row of
 * its {@link #parent()} (a renewal set's leases): then the command takes the parent's id as its argument, and the
 * console shows it when the page's query names a parent row ({@code ?set=ID}).
 *
 * @param name the table's name: plural, lower case ("sets"), unique among the container's Estuary commands
 * @param row what one row is: singular, lower case ("set"); names the row's id argument and query parameter
 * @param description what the command lists, for its help
 * @param parent the table whose rows this one's belong to, or null
 * @param columns the columns, in order
 * @param key a row's id: what the row's actions, the console's links and the shell's completion use
 * @param reader reads one page
 * @param summary one line about the whole table under the page (shell) or above it (console)
 * @param <T> the row type
 */
@ProviderType
public record Table<T>(String name, String row, String description, Table<?> parent, List<Column<T>> columns,
        ToLongFunction<T> key, Reader<T> reader, Summary<T> summary) {

    /** Reads a page of a table. */
    @ConsumerType
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * @param parent the parent row's id, or null for a table without a parent
         * @param after the key of the previous page's last row, to seek to the page; null to count to {@code offset}
         * @throws IllegalArgumentException if the page is out of bounds ({@link Pages#check}) or the parent row does
         *         not exist (the message says so: "no renewal set 12")
         */
        Page<T> read(Long parent, long offset, int limit, Long after);
    }

    /** Describes the whole table a page was read from. */
    @ConsumerType
    @FunctionalInterface
    public interface Summary<T> {
        /** One line, such as "3 renewal sets, 120 client leases"; null for none. */
        String of(Long parent, Page<T> page);
    }

    public Table {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(description, "description");
        columns = List.copyOf(columns);
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(summary, "summary");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " has no columns");
        }
    }

    /** Reads one page ({@link Reader#read}). */
    public Page<T> read(Long parent, long offset, int limit, Long after) {
        return reader.read(parent, offset, limit, after);
    }

    /** The ids of a row in the order commands take them: the parent's, if any, then the row's own. */
    public List<String> arguments() {
        return parent == null ? List.of(row) : List.of(parent.row(), row);
    }
}
