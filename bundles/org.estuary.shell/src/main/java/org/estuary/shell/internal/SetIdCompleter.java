package org.estuary.shell.internal;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/** Completes renewal set ids (issue 7 item 3): those starting with what was typed, at most {@value #MAX}. */
@Service
public class SetIdCompleter implements Completer {

    /** The most candidates offered; a terminal cannot show more usefully. */
    static final int MAX = 200;

    /** Sets looked at, at most (pages of RenewalAdmin.MAX_PAGE). */
    static final long SCAN = 100_000;

    /** Optional: without the lease renewal service the other estuary commands still register. */
    @Reference(optional = true)
    RenewalAdmin admin;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        if (admin == null) {
            return -1; // the lease renewal service is not running: nothing to complete
        }
        StringsCompleter strings = new StringsCompleter();
        strings.getStrings().addAll(candidates(commandLine.getCursorArgument(), commandLine.getArgumentPosition()));
        return strings.complete(session, commandLine, candidates);
    }

    List<String> candidates(String typed, int position) {
        String prefix = typed == null ? "" : typed.substring(0, Math.min(position, typed.length()));
        List<String> ids = new java.util.ArrayList<>();
        for (long offset = 0; offset < SCAN && ids.size() < MAX; offset += RenewalAdmin.MAX_PAGE) {
            Page<SetInfo> page = admin.sets(offset, RenewalAdmin.MAX_PAGE);
            for (SetInfo set : page.items()) {
                String id = Ids.format(set.setId());
                if (id.startsWith(prefix) && ids.size() < MAX) {
                    ids.add(id);
                }
            }
            if (!page.hasMore()) {
                break;
            }
        }
        return ids;
    }
}
