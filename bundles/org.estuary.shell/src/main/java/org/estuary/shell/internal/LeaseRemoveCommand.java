package org.estuary.shell.internal;

import java.io.IOException;
import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.estuary.management.Ids;
import org.estuary.renewal.admin.RenewalAdmin;

/** {@code estuary:lease-remove SET LEASE}: takes a client lease out of its set (issue 7 items 1 and 3). */
@Command(scope = "estuary", name = "lease-remove", description = "Removes a client lease from a renewal set, as "
        + "LeaseRenewalSet.remove does: it is neither cancelled nor renewed any more, and no event is sent.")
@Service
public class LeaseRemoveCommand implements Action {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Argument(index = 0, name = "set", description = "The set's id (estuary:sets lists them).", required = true)
    @Completion(SetIdCompleter.class)
    String set;

    @Argument(index = 1, name = "lease", description = "The lease's number (estuary:leases SET lists them).",
            required = true)
    @Completion(LeaseKeyCompleter.class)
    String lease;

    @Override
    public Object execute() throws IOException {
        RenewalCommands.require(admin);
        print(System.out);
        return null;
    }

    void print(PrintStream out) throws IOException {
        long setId = Ids.parse(set);
        long key = Ids.parse(lease);
        if (!admin.removeLease(setId, key)) {
            throw new IllegalArgumentException("renewal set " + Ids.format(setId) + " has no lease "
                    + Ids.format(key));
        }
        out.println("Removed lease " + Ids.format(key) + " from renewal set "
                + Ids.format(setId));
    }
}
