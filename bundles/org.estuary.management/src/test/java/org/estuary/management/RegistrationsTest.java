package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;

import javax.management.DynamicMBean;

import org.estuary.core.component.Activation;
import org.estuary.management.testing.SampleView;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * A service's registrations are steps of its activation: each carries a description made from the service's name,
 * and the activation withdraws them newest first, when it closes or when a later step fails. The framework is a
 * fake {@link BundleContext} that records what is registered.
 */
public class RegistrationsTest {

    /** Registered and not unregistered: interface name and description. */
    private final List<String> registered = new ArrayList<>();
    private final Activation activation = new Activation("the sample service");
    private final Registrations registrations = new Registrations(activation, context(), "Sample service");

    public interface SampleAdmin {
        int count();
    }

    public interface SampleAdminMXBean {
        int getCount();
    }

    @Test
    void eachRegistrationIsDescribedAndWithdrawnNewestFirst() {
        SampleAdmin admin = () -> 3;
        registrations.proxy((Runnable) () -> { }, Runnable.class);
        registrations.admin(SampleAdmin.class, admin, Map.of("store.target", "(store.type=memory)"));
        registrations.view(new SampleView().view);
        registrations.mbean((SampleAdminMXBean) admin::count, SampleAdminMXBean.class, "org.estuary:type=Sample");
        assertEquals(List.of("java.lang.Runnable: Sample service",
                SampleAdmin.class.getName() + ": Sample service (management) store.target=(store.type=memory)",
                ServiceView.class.getName() + ": Sample service (operators' view)",
                DynamicMBean.class.getName() + ": Sample service (JMX) jmx.objectname=org.estuary:type=Sample"),
                registered);

        activation.close();
        assertEquals(List.of(), registered);
    }

    @Test
    void aProxyIsRegisteredOnceUnderEachOfItsSpecInterfaces() {
        registrations.proxy(new Both(), Runnable.class, AutoCloseable.class);
        assertEquals(List.of("java.lang.Runnable,java.lang.AutoCloseable: Sample service"), registered);
        assertThrows(IllegalArgumentException.class, () -> registrations.proxy(new Both(), Comparable.class));
        assertThrows(IllegalArgumentException.class, () -> registrations.proxy(new Both()));
        activation.close();
        assertEquals(List.of(), registered);
    }

    private static final class Both implements Runnable, AutoCloseable {
        @Override
        public void run() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aLaterStepThatFailsWithdrawsTheRegistrations() {
        registrations.proxy((Runnable) () -> { }, Runnable.class);
        registrations.view(new SampleView().view);
        IllegalStateException failed = assertThrows(IllegalStateException.class,
                () -> activation.run(() -> {
                    throw new IllegalStateException("recovery failed");
                }));
        assertEquals("recovery failed", failed.getMessage());
        assertEquals(List.of(), registered);
    }

    private BundleContext context() {
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            BundleContext.class}, (proxy, method, args) -> {
                if (!method.getName().equals("registerService")) {
                    throw new UnsupportedOperationException(method.getName());
                }
                String name = args[0] instanceof Class<?> type ? type.getName()
                        : args[0] instanceof String[] names ? String.join(",", names) : (String) args[0];
                String entry = name + ": " + describe((Dictionary<?, ?>) args[2]);
                registered.add(entry);
                return registration(entry);
            });
    }

    private static String describe(Dictionary<?, ?> properties) {
        StringBuilder text = new StringBuilder((String) properties.get(Constants.SERVICE_DESCRIPTION));
        for (String key : List.of("store.target", MBeans.OBJECT_NAME)) {
            if (properties.get(key) != null) {
                text.append(' ').append(key).append('=').append(properties.get(key));
            }
        }
        return text.toString();
    }

    private ServiceRegistration<?> registration(String entry) {
        return (ServiceRegistration<?>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {
            ServiceRegistration.class}, (proxy, method, args) -> {
                if (!method.getName().equals("unregister")) {
                    throw new UnsupportedOperationException(method.getName());
                }
                assertEquals(entry, registered.remove(registered.size() - 1), "unregistered newest first");
                return null;
            });
    }
}
