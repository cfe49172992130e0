package org.estuary.management;

import java.util.Hashtable;
import java.util.Map;

import org.estuary.core.component.Activation;
import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * A service's OSGi registrations, each a step of its {@link Activation}: the proxy under its spec interface (what
 * other bundles look up), its admin interface, its operators' {@link ServiceView} and its MXBean. Each
 * registration is undone (unregistered) by the activation, newest first, when a later step fails or the
 * component deactivates. Every registration carries a {@code service.description} made from the service's name,
 * so {@code service:list} and the console's services page say whose it is.
 *
 * <p>A component registering services itself (not through DS) declares them in its {@code bnd.bnd}
 * ({@code Provide-Capability: osgi.service;objectClass:List<String>="..."}), so resolvers see that it provides them.
 */
@ProviderType
public final class Registrations {

    private final Activation activation;
    private final BundleContext context;
    private final String service;

    /**
     * @param service the service's name as operators read it ("Estuary lease renewal service"); the
     *        descriptions of its registrations start with it
     */
    public Registrations(Activation activation, BundleContext context, String service) {
        this.activation = activation;
        this.context = context;
        this.service = service;
    }

    /**
     * Registers the service's proxy under its spec interfaces, one registration for all of them
     * ({@code net.jini.lease.LeaseRenewalService}; {@code EventMailbox} and {@code PullEventMailbox}).
     *
     * @throws IllegalArgumentException if {@code specs} is empty or the proxy does not implement one of them
     */
    public ServiceRegistration<?> proxy(Object proxy, Class<?>... specs) {
        if (specs.length == 0) {
            throw new IllegalArgumentException(service + ": no spec interface to register its proxy under");
        }
        String[] names = new String[specs.length];
        for (int i = 0; i < specs.length; i++) {
            if (!specs[i].isInstance(proxy)) {
                throw new IllegalArgumentException(service + ": its proxy " + proxy.getClass().getName()
                        + " is not a " + specs[i].getName());
            }
            names[i] = specs[i].getName();
        }
        Hashtable<String, Object> properties = properties(service);
        return activation.start(specs[0].getSimpleName() + " registration",
                () -> context.registerService(names, proxy, properties), ServiceRegistration::unregister);
    }

    /**
     * Registers the service's admin interface (what its view, its MBean and other bundles' tools read), with
     * {@code extra} service properties (the service's {@code store.target}, say).
     */
    public <A> ServiceRegistration<A> admin(Class<A> type, A admin, Map<String, ?> extra) {
        Hashtable<String, Object> properties = properties(service + " (management)");
        properties.putAll(extra);
        return register(type, admin, properties);
    }

    /** Registers the service's operators' view: its shell commands and its console page. */
    public ServiceRegistration<ServiceView> view(ServiceView view) {
        return register(ServiceView.class, view, properties(service + " (operators' view)"));
    }

    /** Registers {@code bean} as an MXBean of interface {@code type} under {@code objectName} ({@link MBeans}). */
    public <T> ServiceRegistration<?> mbean(T bean, Class<T> type, String objectName) {
        return activation.start(type.getSimpleName() + " registration",
                () -> MBeans.register(context, bean, type, objectName, service + " (JMX)"),
                ServiceRegistration::unregister);
    }

    /** Registers {@code object} under {@code type} with {@code properties}, undone by the activation. */
    public <S> ServiceRegistration<S> register(Class<S> type, S object, Hashtable<String, Object> properties) {
        return activation.start(type.getSimpleName() + " registration",
                () -> context.registerService(type, object, properties), ServiceRegistration::unregister);
    }

    /** Service properties carrying {@code service.description}, to add others to. */
    public static Hashtable<String, Object> properties(String description) {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(Constants.SERVICE_DESCRIPTION, description);
        return properties;
    }
}
