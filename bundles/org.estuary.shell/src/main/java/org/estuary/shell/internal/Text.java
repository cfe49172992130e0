package org.estuary.shell.internal;

import java.io.PrintStream;

import org.apache.karaf.shell.support.table.Col;
import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.core.text.OneLine;
import org.estuary.management.Column;
import org.estuary.management.Page;
import org.estuary.management.Table;

/** How the commands print a table's page and client-supplied text. */
final class Text {

    private Text() {
    }

    /** One page of {@code table} as a terminal table, then "rows a-b of n" and the table's summary. */
    static <T> void print(PrintStream out, Table<T> table, Long parent, Page<T> page) {
        ShellTable shell = new ShellTable();
        for (Column<T> column : table.columns()) {
            Col col = shell.column(column.heading());
            if (column.numeric()) {
                col.alignRight();
            }
            if (column.width() > 0) {
                col.maxSize(column.width());
            }
        }
        for (T row : page.items()) {
            Object[] cells = table.columns().stream().map(column -> clean(column.cell().apply(row))).toArray();
            shell.addRow().addContent(cells);
        }
        shell.print(out);
        String summary = table.summary().of(parent, page);
        out.println(range(page.offset(), page.items().size(), page.total()) + (summary == null ? "" : "; "
                + summary));
    }

    /** Text on one line: control characters (terminal escapes, newlines) become '?'; null becomes "-". */
    static String clean(String text) {
        return text == null ? "-" : OneLine.of(text, Integer.MAX_VALUE);
    }

    /** "rows 1-50 of 120 (next: --offset 50)" under a page. */
    static String range(long offset, int shown, long total) {
        if (shown == 0) {
            return "no rows at offset " + offset + " (" + total + " in all)";
        }
        return "rows " + (offset + 1) + "-" + (offset + shown) + " of " + total
                + (offset + shown < total ? " (next: --offset " + (offset + shown) + ")" : "");
    }
}
