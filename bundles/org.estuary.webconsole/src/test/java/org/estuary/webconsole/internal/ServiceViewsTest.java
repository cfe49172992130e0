package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.ComponentContext;

/** Issue 7: a service's console page is enabled only where its admin package is wired to the console bundle. */
class ServiceViewsTest {

    private final List<String> enabled = new ArrayList<>();

    @Test
    void theRenewalPageIsEnabledWhereTheRenewalAdminPackageIsWired() {
        new ServiceViews(context("org.estuary.store.api", "org.estuary.renewal.admin"));
        assertEquals(List.of(RenewalPlugin.NAME), enabled);
    }

    @Test
    void withoutTheServiceThePageStaysDisabled() {
        new ServiceViews(context("org.estuary.store.api"));
        assertEquals(List.of(), enabled);
    }

    private ComponentContext context(String... wiredPackages) {
        List<BundleWire> wires = new ArrayList<>();
        for (String name : wiredPackages) {
            BundleCapability capability = proxy(BundleCapability.class, (method, args) ->
                    method.equals("getAttributes") ? Map.of(PackageNamespace.PACKAGE_NAMESPACE, name) : null);
            wires.add(proxy(BundleWire.class, (method, args) -> method.equals("getCapability") ? capability : null));
        }
        BundleWiring wiring = proxy(BundleWiring.class, (method, args) ->
                method.equals("getRequiredWires") ? wires : null);
        Bundle bundle = proxy(Bundle.class, (method, args) -> method.equals("adapt") ? wiring : null);
        BundleContext bundleContext = proxy(BundleContext.class, (method, args) ->
                method.equals("getBundle") ? bundle : null);
        return proxy(ComponentContext.class, (method, args) -> {
            if (method.equals("enableComponent")) {
                enabled.add((String) args[0]);
            }
            return method.equals("getBundleContext") ? bundleContext : null;
        });
    }

    interface Answer {
        Object answer(String method, Object[] args);
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Answer answer) {
        return (T) Proxy.newProxyInstance(ServiceViewsTest.class.getClassLoader(), new Class<?>[] {type},
                (p, method, args) -> answer.answer(method.getName(), args));
    }
}
