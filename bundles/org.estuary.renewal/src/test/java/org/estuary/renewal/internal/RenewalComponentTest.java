package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import net.jini.lease.LeaseRenewalService;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.api.testing.TestRoles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.ComponentContext;

/**
 * The component's activation completes or leaves nothing behind: a step that fails (here a service registration
 * the framework refuses) stops every thread and withdraws every registration made before it; a deactivation does
 * the same for a component that activated. The framework is a fake {@link BundleContext} that records
 * registrations.
 */
class RenewalComponentTest {

    private final Harness harness = new Harness();
    private final Store store = harness.store();
    /** Services registered and not unregistered, by interface name. */
    private final List<String> registered = new ArrayList<>();
    /** The registration (counted from 1) that the framework refuses; 0 for none. */
    private int refuse;
    private int registrations;
    private Set<Thread> threadsWhenRefused = Set.of();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aFailedActivationStopsItsThreadsAndWithdrawsItsRegistrations() throws Exception {
        RenewalComponent first = activate();
        LeaseRenewalService service = (LeaseRenewalService) lookup(LeaseRenewalService.class);
        service.createLeaseRenewalSet(600_000); // recovery schedules its expiration on the timer thread
        first.deactivate();
        assertEquals(List.of(), registered);
        Set<Thread> before = renewalThreads();

        registrations = 0;
        refuse = 4; // LeaseRenewalService, RenewalAdmin and its ServiceView registered, then the MBean is refused
        RenewalComponent component = new RenewalComponent(context(), config(), harness.marshaller,
                TestRoles.alone(RenewalComponent.INSTANCE));
        component.bindStore(store);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> component.start(componentContext(), Map.of()));

        assertEquals("the framework refuses registration 4", refused.getMessage());
        threadsWhenRefused.removeAll(before);
        assertFalse(threadsWhenRefused.isEmpty(), "the activation had started threads when it failed");
        assertEquals(List.of(), registered, "no registration is left behind");
        for (Thread thread : threadsWhenRefused) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(thread.isAlive(), thread + " is still running after the failed activation");
        }
    }

    @Test
    void deactivationWithdrawsEveryRegistrationNewestFirst() throws Exception {
        RenewalComponent component = activate();
        assertEquals(List.of(LeaseRenewalService.class.getName(), "org.estuary.renewal.admin.RenewalAdmin",
                "org.estuary.management.ServiceView", "javax.management.DynamicMBean"), registered);
        component.deactivate();
        assertEquals(List.of(), registered);
    }

    private RenewalComponent activate() throws Exception {
        RenewalComponent component = new RenewalComponent(context(), config(), harness.marshaller,
                TestRoles.alone(RenewalComponent.INSTANCE));
        component.bindStore(store);
        component.start(componentContext(), Map.of());
        return component;
    }

    private Object lookup(Class<?> type) {
        return services.get(type.getName());
    }

    private final Map<String, Object> services = new java.util.HashMap<>();

    private static RenewalComponent.Config config() {
        return ComponentConfig.of(RenewalComponent.Config.class);
    }

    private static Set<Thread> renewalThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("estuary-renewal"))
                .collect(Collectors.toSet());
    }

    /** SCR's handle on the component: these tests never start it again. */
    private ComponentContext componentContext() {
        return (ComponentContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            ComponentContext.class}, (proxy, method, args) -> {
                throw new UnsupportedOperationException(method.getName());
            });
    }

    /** A bundle context that registers services into {@link #registered}, refusing registration {@link #refuse}. */
    private BundleContext context() {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            BundleContext.class}, (proxy, method, args) -> {
                if (!method.getName().equals("registerService")) {
                    throw new UnsupportedOperationException(method.getName());
                }
                if (++registrations == refuse) {
                    threadsWhenRefused = new java.util.HashSet<>(renewalThreads());
                    throw new IllegalStateException("the framework refuses registration " + refuse);
                }
                String name = args[0] instanceof Class<?> type ? type.getName()
                        : args[0] instanceof String[] names ? String.join(",", names) : (String) args[0];
                registered.add(name);
                services.put(name, args[1]);
                return registration(name);
            });
    }

    private ServiceRegistration<?> registration(String name) {
        return (ServiceRegistration<?>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            ServiceRegistration.class}, (proxy, method, args) -> {
                if (!method.getName().equals("unregister")) {
                    throw new UnsupportedOperationException(method.getName());
                }
                assertSame(name, registered.get(registered.size() - 1), "unregistered newest first");
                registered.remove(registered.size() - 1);
                return null;
            });
    }
}
