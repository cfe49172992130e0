package org.estuary.shell.internal;

import java.io.PrintStream;
import java.util.List;

import org.estuary.management.Action;
import org.estuary.management.Table;

/** {@code estuary:ACTION [PARENT] ID}: an action on one row of a view's table. */
final class ActionCommand extends BaseCommand {

    private final Action action;

    ActionCommand(Action action) {
        super(action.name(), action.description());
        this.action = action;
    }

    @Override
    List<String> arguments() {
        return action.arguments();
    }

    @Override
    void run(Arguments arguments, PrintStream out) throws Exception {
        out.println(action.perform(arguments.ids()));
    }

    @Override
    List<String> candidates(int index, List<String> before, String typed) {
        Table<?> table = action.table();
        if (index == 0 && table.parent() != null) {
            return Completion.ids(table.parent(), before, typed);
        }
        if (index == arguments().size() - 1) {
            return Completion.ids(table, before, typed);
        }
        return List.of();
    }
}
