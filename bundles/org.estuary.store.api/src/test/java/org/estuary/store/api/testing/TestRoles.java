package org.estuary.store.api.testing;

import org.estuary.store.api.ActiveRole;

/** Roles for tests that build a service component directly, as SCR would once the container is active. */
public final class TestRoles {

    private TestRoles() {
    }

    /** The role of a container running alone (no lease, token 0), active for {@code instance}. */
    public static ActiveRole alone(String instance) {
        ActiveRole.target(instance);
        return new ActiveRole() {
            @Override
            public String instance() {
                return instance;
            }

            @Override
            public String member() {
                return "test";
            }

            @Override
            public long token() {
                return 0;
            }

            @Override
            public long sinceMillis() {
                return 0;
            }

            @Override
            public boolean holds() {
                return true;
            }
        };
    }
}
