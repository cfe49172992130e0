package org.estuary.remote.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.estuary.management.Registrations;
import org.estuary.remote.BackendRef;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.TestRoles;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.ComponentConstants;
import org.osgi.service.component.ComponentContext;

/**
 * S8: a store bound to a running service that holds newer state of it than the service runs with is recovered from,
 * not written: the component starts again, so SCR activates it on that store.
 */
class ServiceComponentStoreTest {

    interface Backend extends Remote {
    }

    /** What the proxy is registered under. */
    interface Spec {
    }

    static final class SpecProxy implements Spec, Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** A service whose store binds answer {@link #bindAnswers}. */
    static final class TestService implements Backend, ServiceComponent.Service<Backend> {
        final BlockingQueue<Boolean> bindAnswers = new LinkedBlockingQueue<>();
        final UUID id = UUID.randomUUID();

        @Override
        public boolean bindStore(Store store) {
            Boolean answer = bindAnswers.poll();
            return answer == null || answer;
        }

        @Override
        public void unbindStore(Store store) {
        }

        @Override
        public void start() {
        }

        @Override
        public UUID serviceId() {
            return id;
        }

        @Override
        public void useReference(BackendRef<Backend> reference) {
        }

        @Override
        public Serializable proxy() {
            return new SpecProxy();
        }
    }

    static final class TestComponent extends ServiceComponent<Backend, TestService> {
        TestComponent(BundleContext context, TestService service) throws Exception {
            super(TestRoles.alone("test"), "test service", context, "(store.type=*)", Backend.class,
                    activation -> service, Spec.class);
        }

        @Override
        protected void register(Registrations registrations) {
        }

        @Override
        protected String summary() {
            return "test";
        }
    }

    /** What SCR was asked to do with the component, in order. */
    private final BlockingQueue<String> scr = new LinkedBlockingQueue<>();

    @Test
    void s8AStoreWithNewerStateStartsTheComponentAgain() throws Exception {
        TestService service = new TestService();
        TestComponent component = new TestComponent(bundleContext(), service);
        component.bindStore(store());
        component.start(componentContext("org.estuary.test"), Map.of());

        service.bindAnswers.add(false); // the store just bound holds newer state
        component.bindStore(store());

        assertEquals("disable org.estuary.test", scr.poll(10, TimeUnit.SECONDS));
        assertEquals("enable org.estuary.test", scr.poll(10, TimeUnit.SECONDS));
        component.deactivate();
    }

    private ComponentContext componentContext(String name) {
        return (ComponentContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ComponentContext.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getProperties": {
                            Dictionary<String, Object> properties = new Hashtable<>();
                            properties.put(ComponentConstants.COMPONENT_NAME, name);
                            return properties;
                        }
                        case "disableComponent":
                            scr.add("disable " + args[0]);
                            return null;
                        case "enableComponent":
                            scr.add("enable " + args[0]);
                            return null;
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    private BundleContext bundleContext() {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            BundleContext.class}, (proxy, method, args) -> {
                if (!List.of("registerService").contains(method.getName())) {
                    throw new UnsupportedOperationException(method.getName());
                }
                return Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> null);
            });
    }

    private Store store() {
        return (Store) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Store.class},
                (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
