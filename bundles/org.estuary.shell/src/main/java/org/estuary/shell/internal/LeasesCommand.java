package org.estuary.shell.internal;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;

/** {@code estuary:leases SET}: a set's client leases, one page at a time (issue 7 items 1 and 3). */
@Command(scope = "estuary", name = "leases", description = "Lists the client leases of a renewal set: desired and "
        + "actual expiration, renew duration and last renewal failure.")
@Service
public class LeasesCommand implements Action {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Argument(index = 0, name = "set", description = "The set's id (estuary:sets lists them).", required = true)
    @Completion(SetIdCompleter.class)
    String set;

    @Option(name = "-o", aliases = "--offset", description = "First row to show (0 = the first lease).")
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
        long setId = Ids.parse(set);
        if (admin.set(setId).isEmpty()) {
            throw new IllegalArgumentException("no renewal set " + Ids.format(setId));
        }
        Page<LeaseInfo> page = admin.leases(setId, offset, limit);
        ShellTable table = new ShellTable();
        table.column("Lease").alignRight();
        table.column("Desired expiration");
        table.column("Actual expiration");
        table.column("Renew for");
        table.column("Renewing");
        table.column("Last failure").maxSize(60);
        table.column("Client lease").maxSize(80);
        for (LeaseInfo lease : page.items()) {
            table.addRow().addContent(lease.key(), Text.time(lease.desiredExpiration()),
                    Text.time(lease.actualExpiration()), Text.duration(lease.renewDuration()),
                    lease.renewing() ? "yes" : "no", Text.clean(lease.lastFailure()), Text.clean(lease.lease()));
        }
        table.print(out);
        out.println(Text.range(page.offset(), page.items().size(), page.total()));
    }
}
