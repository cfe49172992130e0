package org.estuary.shell.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.estuary.management.Ids;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;

/** Completes the lease numbers of the set named by the argument before the cursor (issue 7 item 3). */
@Service
public class LeaseKeyCompleter implements Completer {

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        if (admin == null) {
            return -1; // the lease renewal service is not running: nothing to complete
        }
        String[] arguments = commandLine.getArguments();
        int index = commandLine.getCursorArgumentIndex();
        StringsCompleter strings = new StringsCompleter();
        if (index >= 1 && index - 1 < arguments.length) {
            strings.getStrings().addAll(candidates(arguments[index - 1]));
        }
        return strings.complete(session, commandLine, candidates);
    }

    List<String> candidates(String set) {
        List<String> keys = new ArrayList<>();
        long setId;
        try {
            setId = Ids.parse(set);
        } catch (IllegalArgumentException notAnId) {
            return keys;
        }
        for (LeaseInfo lease : admin.leases(setId, 0, SetIdCompleter.MAX).items()) {
            keys.add(Ids.format(lease.key()));
        }
        return keys;
    }
}
