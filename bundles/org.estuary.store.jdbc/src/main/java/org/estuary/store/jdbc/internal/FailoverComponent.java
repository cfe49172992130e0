package org.estuary.store.jdbc.internal;

import org.estuary.store.api.FailoverConfig;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Failover on the jdbc store, when PID {@value FailoverConfig#PID} says {@code enabled=true}: this container
 * contends for the leases of the configured instances in the store's database and registers an
 * {@code ActiveRole} for each it holds. It lives with the store: when the store deactivates, SCR deactivates this
 * first, which withdraws the roles (the services stop) and releases the leases (a standby takes over).
 */
@Component(configurationPid = FailoverConfig.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        immediate = true, service = {})
public final class FailoverComponent {

    private final Failover failover;

    @Activate
    public FailoverComponent(@Reference(name = "store") JdbcStoreComponent store, FailoverConfig config,
            BundleContext context) {
        this.failover = config.enabled() ? store.startFailover(context, config) : null;
    }

    /** Withdraws the roles and releases the leases. */
    @Deactivate
    void deactivate() {
        if (failover != null) {
            failover.close();
        }
    }
}
