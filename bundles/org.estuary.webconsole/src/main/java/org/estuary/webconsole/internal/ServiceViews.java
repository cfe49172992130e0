package org.estuary.webconsole.internal;

import java.util.Map;

import org.osgi.framework.Bundle;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Enables each service's page only where this bundle is wired to the service's admin package. Those imports are
 * optional ({@code bnd.bnd}), so the console bundle resolves and shows the stores page in a container without a
 * given service; the page's component stays disabled there, so its class (which refers to the admin package) is
 * never loaded. A new service adds one line to {@link #PAGES}.
 */
@Component(immediate = true, service = {})
public final class ServiceViews {

    /** Component name of a service's page → the admin package it needs. */
    static final Map<String, String> PAGES = Map.of(RenewalPlugin.NAME, "org.estuary.renewal.admin");

    private static final System.Logger LOG = System.getLogger(ServiceViews.class.getName());

    @Activate
    public ServiceViews(ComponentContext context) {
        Bundle bundle = context.getBundleContext().getBundle();
        PAGES.forEach((component, adminPackage) -> {
            if (wired(bundle, adminPackage)) {
                context.enableComponent(component);
            } else {
                LOG.log(System.Logger.Level.INFO, "Estuary console: no page " + component + ", its service's "
                        + adminPackage + " is not installed (install its feature, then refresh this bundle)");
            }
        });
    }

    static boolean wired(Bundle bundle, String adminPackage) {
        BundleWiring wiring = bundle.adapt(BundleWiring.class);
        if (wiring == null) {
            return false;
        }
        for (BundleWire wire : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            if (adminPackage.equals(wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))) {
                return true;
            }
        }
        return false;
    }
}
