package org.estuary.store.jdbc.internal;

import javax.sql.DataSource;

/**
 * Jdbc stores for this module's tests, opened without a component: each with a write fence of its own that no
 * failover opens (the component's without failover), observed by {@link JdbcProbe#NONE} unless a probe is given.
 */
final class Stores {

    private Stores() {
    }

    static JdbcStore open(DataSource dataSource, Settings settings) {
        return open(dataSource, settings, JdbcProbe.NONE);
    }

    static JdbcStore open(DataSource dataSource, Settings settings, JdbcProbe probe) {
        return JdbcStore.open(dataSource, settings, probe, new LeaseFence());
    }
}
