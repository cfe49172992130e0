package org.estuary.shell.internal;

import java.io.PrintStream;
import java.util.List;

import org.estuary.management.Table;

/** {@code estuary:TABLE [PARENT] [-o N] [-n N]}: one page of a view's table. */
final class TableCommand extends BaseCommand {

    private final Table<?> table;

    TableCommand(Table<?> table) {
        super(table.name(), table.description());
        this.table = table;
    }

    @Override
    List<String> arguments() {
        return table.parent() == null ? List.of() : List.of(table.parent().row());
    }

    @Override
    boolean pages() {
        return true;
    }

    @Override
    void run(Arguments arguments, PrintStream out) {
        print(table, arguments.ids().length == 0 ? null : arguments.ids()[0], arguments, out);
    }

    private static <T> void print(Table<T> table, Long parent, Arguments arguments, PrintStream out) {
        Text.print(out, table, parent, table.read(parent, arguments.offset(), arguments.limit(), null));
    }

    @Override
    List<String> candidates(int index, List<String> before, String typed) {
        return index == 0 && table.parent() != null ? Completion.ids(table.parent(), before, typed) : List.of();
    }
}
