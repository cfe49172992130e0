package org.estuary.shell.internal;

import org.estuary.renewal.admin.RenewalAdmin;

/**
 * The lease renewal service's commands run only where the service does. Its admin package is an optional import
 * and the commands' references are optional, so {@code estuary:stores} (and the commands of other services)
 * register without it; a renewal command then says what is missing.
 */
final class RenewalCommands {

    private RenewalCommands() {
    }

    static RenewalAdmin require(RenewalAdmin admin) {
        if (admin == null) {
            throw new IllegalStateException("the lease renewal service is not running here "
                    + "(install the feature estuary-renewal, or check its store with estuary:stores)");
        }
        return admin;
    }
}
