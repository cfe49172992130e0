package org.estuary.shell.internal;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/** {@code estuary:sets}: the renewal sets, one page at a time (issue 7 items 1 and 3). */
@Command(scope = "estuary", name = "sets", description = "Lists the lease renewal service's sets: expiration, "
        + "client leases and listeners, a page at a time.")
@Service
public class SetsCommand implements Action {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Option(name = "-o", aliases = "--offset", description = "First row to show (0 = the first set).")
    long offset;

    @Option(name = "-n", aliases = "--limit", description = "Rows to show, at most 1000.")
    int limit = 50;

    @Override
    public Object execute() {
        RenewalCommands.require(admin);
        print(System.out);
        return null;
    }

    void print(PrintStream out) {
        Page<SetInfo> page = admin.sets(offset, limit);
        ShellTable table = new ShellTable();
        table.column("Set");
        table.column("Expires");
        table.column("Leases").alignRight();
        table.column("Warning listener");
        table.column("Min warning");
        table.column("Failure listener");
        for (SetInfo set : page.items()) {
            table.addRow().addContent(Ids.format(set.setId()), Text.time(set.expiration()), set.leases(),
                    Text.clean(set.warningListener()),
                    set.warningListener() == null ? "-" : Text.duration(set.minWarningMillis()),
                    Text.clean(set.failureListener()));
        }
        table.print(out);
        out.println(Text.range(page.offset(), page.items().size(), page.total()) + "; " + admin.leaseCount()
                + " client leases in all");
    }
}
