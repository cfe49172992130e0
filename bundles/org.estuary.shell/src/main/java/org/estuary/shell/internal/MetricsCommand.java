package org.estuary.shell.internal;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.renewal.admin.RenewalAdmin;

/** {@code estuary:metrics}: the renewal service's counters and store-write latency (issue 7 item 5). */
@Command(scope = "estuary", name = "metrics", description = "Shows the lease renewal service's metrics: client "
        + "operations, renewals, retries, failures, events sent, store writes and their latency (microseconds).")
@Service
public class MetricsCommand implements Action {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Override
    public Object execute() {
        RenewalCommands.require(admin);
        print(System.out);
        return null;
    }

    void print(PrintStream out) {
        ShellTable table = new ShellTable();
        table.column("Metric");
        table.column("Value").alignRight();
        admin.metrics().forEach((name, value) -> table.addRow().addContent(name, value));
        table.print(out);
    }
}
