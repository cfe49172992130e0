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

/** {@code estuary:set-cancel SET}: cancels a renewal set as its holder would (issue 7 items 1 and 3). */
@Command(scope = "estuary", name = "set-cancel", description = "Cancels a renewal set: its client leases are no "
        + "longer renewed (nor cancelled), its listeners get no more events.")
@Service
public class SetCancelCommand implements Action {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Argument(index = 0, name = "set", description = "The set's id (estuary:sets lists them).", required = true)
    @Completion(SetIdCompleter.class)
    String set;

    @Override
    public Object execute() throws IOException {
        RenewalCommands.require(admin);
        print(System.out);
        return null;
    }

    void print(PrintStream out) throws IOException {
        long setId = Ids.parse(set);
        if (!admin.cancelSet(setId)) {
            throw new IllegalArgumentException("no renewal set " + Ids.format(setId));
        }
        out.println("Cancelled renewal set " + Ids.format(setId));
    }
}
