package org.estuary.store.api.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.estuary.store.api.ActiveRole;
import org.estuary.store.api.FailoverConfig;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Failover's configuration, and the roles of a container that runs alone: without failover ({@code enabled=false},
 * the default) this container is active for every instance of {@code instances} from the start, so each service
 * activates as soon as its other references are there. With {@code enabled=true} it registers nothing: the jdbc
 * store's failover (feature {@code estuary-store-jdbc}) registers a role for each instance whose lease this
 * container holds.
 */
@Component(configurationPid = FailoverConfig.PID, immediate = true, service = {})
@Designate(ocd = FailoverConfig.class)
public final class SoloRoles {

    private static final System.Logger LOG = System.getLogger(SoloRoles.class.getName());

    private final List<ServiceRegistration<ActiveRole>> registrations = new ArrayList<>();

    @Activate
    public SoloRoles(BundleContext context, FailoverConfig config) {
        if (config.enabled()) {
            LOG.log(Level.INFO, "Estuary failover enabled: the services of " + List.of(config.instances())
                    + " start only while the jdbc store's failover makes this container active for them");
            return;
        }
        long since = System.currentTimeMillis();
        String member = ActiveRole.memberName(config.member(), context);
        Set<String> instances = new LinkedHashSet<>(List.of(config.instances()));
        for (String instance : instances) {
            ActiveRole.target(instance); // checks the name
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put(ActiveRole.INSTANCE, instance);
            registrations.add(context.registerService(ActiveRole.class, new Solo(instance, member, since),
                    properties));
        }
    }

    /** Withdraws the roles: the services deactivate. */
    @Deactivate
    void deactivate() {
        for (ServiceRegistration<ActiveRole> registration : registrations) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework withdrew it with the bundle
            }
        }
        registrations.clear();
    }

    /** A role that holds as long as the container runs: no lease, nothing to fence. */
    private record Solo(String instance, String member, long sinceMillis) implements ActiveRole {
        @Override
        public long token() {
            return 0;
        }

        @Override
        public boolean holds() {
            return true;
        }
    }
}
