package org.estuary.shell.internal;

import java.io.PrintStream;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.osgi.framework.BundleContext;

/** {@code estuary:stores}: every registered store with its numbers (issue 7 items 1 and 3). */
@Command(scope = "estuary", name = "stores", description = "Lists the stores: type, the bundles using each, "
        + "records, bytes, size on disk, commit latency (last and 99th percentile) and failures.")
@Service
public class StoresCommand implements Action {

    @Reference
    BundleContext context;

    @Override
    public Object execute() {
        print(System.out, StoreInventory.read(context));
        return null;
    }

    static void print(PrintStream out, List<StoreInventory.Entry> rows) {
        ShellTable table = new ShellTable();
        table.column("Service").alignRight();
        table.column("Type");
        table.column("Used by");
        table.column("Records").alignRight();
        table.column("Bytes").alignRight();
        table.column("On disk").alignRight();
        table.column("Queued").alignRight();
        table.column("Commits").alignRight();
        table.column("Last commit").alignRight();
        table.column("p99 commit").alignRight();
        table.column("Failures").alignRight();
        table.column("Last failure").maxSize(60);
        for (StoreInventory.Entry row : rows) {
            StoreStats stats = row.stats();
            table.addRow().addContent(row.serviceId(), row.type(),
                    row.users().isEmpty() ? "-" : String.join(", ", row.users()),
                    stats.records() + limit(stats.maxRecords()), stats.bytes() + limit(stats.maxBytes()),
                    disk(stats.diskBytes()), stats.queued(), stats.commits(), Text.nanos(stats.lastCommitNanos()),
                    Text.nanos(stats.p99CommitNanos()), stats.failures(), Text.clean(stats.lastFailure()));
        }
        table.print(out);
        out.println(rows.size() + (rows.size() == 1 ? " store" : " stores"));
    }

    /** Issue 7: the size on disk, '-' where a store has none (memory). */
    private static String disk(long diskBytes) {
        return diskBytes == StoreStats.NOT_ON_DISK ? "-" : Long.toString(diskBytes);
    }

    private static String limit(long max) {
        return max == StoreStats.UNLIMITED ? "" : " / " + max;
    }
}
