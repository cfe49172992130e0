package org.estuary.remote.component;

import java.rmi.Remote;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.estuary.core.component.Activation;
import org.estuary.core.component.Attachment;
import org.estuary.management.Registrations;
import org.estuary.remote.Exporter;
import org.estuary.store.api.ActiveRole;
import org.estuary.store.api.Store;
import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.ComponentConstants;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * A service's DS component, everything but its configuration and its operators' side. A subclass is a
 * {@code @Component(immediate = true, service = {})} whose {@code @Activate} constructor (its configuration and
 * references injected, among them its {@link ActiveRole}) calls this one with a {@link Build} that starts the service's threads and makes the service,
 * each an {@link Activation} step; bnd reads the annotated methods below from this class
 * ({@code -dsannotations-options: inherit} in {@code cnf/bundle.bnd}), so SCR then:
 * <ol>
 * <li>binds the store ({@value org.estuary.store.api.Store#REFERENCE}, greedy and dynamic: a new {@code store.target}
 * or a better-ranked store rebinds the service without a restart, and it copies its state into the new store before
 * it writes there, Store S8) and, when the remote feature runs, the exporter (optional, greedy and dynamic);</li>
 * <li>calls {@link #start()}: the service recovers from the store; its proxy is registered under its spec
 * interfaces, then what {@link #register} adds (admin interface, operators' view, MBean); the service is exported
 * ({@link ServiceExport}); one INFO line says it is active, with {@link #summary()};</li>
 * <li>calls {@link #deactivate()}: every step, here and in the constructor, undone newest first; the export first,
 * so a remote call from then on is refused with an indefinite exception saying the service is being stopped or
 * replaced, before the service's threads stop ({@link ServiceExport}).</li>
 * </ol>
 * A step that fails undoes every step before it, constructor's included, and rethrows: SCR calls no deactivate for
 * a component whose activation failed.
 *
 * @param <B> the service's backend interface, what other JVMs call
 * @param <S> the service as its component drives it
 */
@ConsumerType
public abstract class ServiceComponent<B extends Remote, S extends ServiceComponent.Service<B>> {

    /** What the component drives of its service. */
    @ConsumerType
    public interface Service<B extends Remote> extends ServiceExport.Exported<B> {

        /**
         * The store reference's bind: a store that replaces the current one gets a copy of the state (S8).
         *
         * @return false when the store holds newer state of the service than it runs with (its
         *     {@link org.estuary.store.api.BoundStore}'s generation): it is not written, and the component starts
         *     the service again so that it recovers from it
         */
        boolean bindStore(Store store);

        /** The store reference's unbind. */
        void unbindStore(Store store);

        /** Recovers the service from the bound store (its id first); called once, before any registration. */
        void start() throws Exception;
    }

    /** How a subclass makes its service: each thread pool, timer and the service itself an activation step. */
    @ConsumerType
    @FunctionalInterface
    public interface Build<S> {
        S build(Activation activation) throws Exception;
    }

    private static final System.Logger LOG = System.getLogger(ServiceComponent.class.getName());

    private final ActiveRole active;
    private final String name;
    private final BundleContext context;
    /** The configured {@code store.target}: SCR rebinds the store when it changes ({@link #modified}). */
    private volatile String storeTarget;
    /** The configuration this activation runs with, but for reference targets: what {@link #modified} compares. */
    private volatile Map<String, Object> settings = Map.of();
    /** SCR's handle on this component from its activation on: what starts it again. */
    private volatile ComponentContext component;
    private final Class<?>[] specs;
    private final Activation activation;
    private final S service;
    /** The container's exporter, when the remote feature runs: other JVMs reach the service while it is active. */
    private final Attachment<Exporter> exporter;

    /**
     * Makes the service through {@code build}; if a step fails, those before it are undone. Recovery needs the
     * store, which SCR binds after the constructor, so it is in {@link #start()}.
     *
     * @param active this container's role for the service's instance: a subclass takes it as a mandatory static
     *        reference with the target {@code ActiveRole.target(instance)}, so the component lives only while this
     *        container is active for the instance (SCR deactivates it when the container becomes a standby, and a
     *        new activation recovers from the store what the active container wrote)
     * @param name the service as operators read it ("Estuary event mailbox"): its log lines, activation steps and
     *        registrations' descriptions
     * @param context the component's bundle context, for its registrations
     * @param storeTarget the configured {@code store.target}, shown in the active line
     * @param backend the backend interface the service implements
     * @param build makes the service
     * @param specs the spec interfaces its proxy implements and is registered and bound under, at least one
     * @throws IllegalArgumentException if {@code specs} is empty or the service does not implement {@code backend}
     */
    protected ServiceComponent(ActiveRole active, String name, BundleContext context, String storeTarget,
            Class<B> backend, Build<? extends S> build, Class<?>... specs) throws Exception {
        this.active = Objects.requireNonNull(active, "active");
        this.name = name;
        this.context = context;
        this.storeTarget = storeTarget;
        this.specs = specs.clone();
        this.activation = new Activation("the " + name);
        S made = build.build(activation);
        this.service = Objects.requireNonNull(made, name + ": its build made no service");
        if (!backend.isInstance(made)) {
            activation.close();
            throw new IllegalArgumentException(name + ": " + made.getClass().getName() + " is not a "
                    + backend.getName());
        }
        // Remote calls pass the role's gate: refused once it stops holding, before SCR got to the deactivation.
        this.exporter = ServiceExport.attachment("the " + name, backend, backend.cast(made), made, active::holds,
                this.specs);
    }

    /** The service this component drives. */
    protected final S service() {
        return service;
    }

    /** Registers what the service's operators use (admin interface, view, MBean); its proxy is registered already. */
    protected abstract void register(Registrations registrations) throws Exception;

    /** The active line's details: the effective settings, what was recovered. */
    protected abstract String summary();

    /**
     * Binds the store; one that holds newer state of the service than it runs with (a better-ranked store that
     * registered after the service recovered from another at boot) is not written: the component starts again, and
     * SCR activates it on that store, which it recovers from.
     */
    @Reference(name = Store.REFERENCE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    public final void bindStore(Store store) {
        if (!service.bindStore(store)) {
            restart(component, "a store with newer state of it was bound");
        }
    }

    public final void unbindStore(Store store) {
        service.unbindStore(store);
    }

    /**
     * Recovers, registers and exports; if a step fails, every step before it is undone, newest first.
     *
     * @param component SCR's handle on the component, which starts it again when it must recover anew
     * @param properties the component's configuration, which {@link #modified} compares a new one with
     */
    @Activate
    public final void start(ComponentContext component, Map<String, Object> properties) throws Exception {
        this.component = Objects.requireNonNull(component, "component");
        settings = settings(properties);
        activation.run(() -> {
            service.start();
            return null;
        });
        Registrations registrations = new Registrations(activation, context, name);
        registrations.proxy(service.proxy(), specs);
        activation.run(() -> {
            register(registrations);
            return null;
        });
        String summary = activation.run(this::summary);
        activation.start("export", exporter::activate, Attachment::deactivate);
        LOG.log(System.Logger.Level.INFO, name + " active: " + summary + ", store.target=" + storeTarget
                + ", service id " + service.serviceId() + ", active for " + active.instance() + " as "
                + active.member() + (active.token() == 0 ? "" : " (failover token " + active.token() + ")"));
    }

    @Reference(name = "exporter", cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    public final void bindExporter(Exporter bound) {
        exporter.bind(bound);
    }

    public final void unbindExporter(Exporter unbound) {
        exporter.unbind(unbound);
    }

    /**
     * A new configuration. A new {@code store.target} alone keeps the service running: SCR rebinds the dynamic store
     * reference to the store it selects, and {@link #bindStore} copies the service's whole state there before it
     * writes there (S8), so its id, registrations, leases and commit records carry over. Any other change needs a
     * new service built from the new settings: the component disables and enables itself, and SCR activates it again
     * with the configuration (its state recovered from the store, as after a restart).
     */
    @Modified
    public final void modified(ComponentContext component) {
        Map<String, Object> properties = new HashMap<>();
        for (Enumeration<String> keys = component.getProperties().keys(); keys.hasMoreElements();) {
            String key = keys.nextElement();
            properties.put(key, component.getProperties().get(key));
        }
        String target = String.valueOf(properties.getOrDefault(Store.TARGET, "its default"));
        if (!target.equals(storeTarget)) {
            LOG.log(System.Logger.Level.INFO, name + ": store.target " + target + " (was " + storeTarget
                    + "); the selected store gets a copy of the state before the next change (S8)");
            storeTarget = target;
        }
        Map<String, Object> changed = settings(properties);
        if (!sameSettings(settings, changed)) {
            restart(component, "its settings changed");
        }
    }

    /**
     * Disables and enables the component, so SCR activates it again: a new service built from the configuration
     * and recovered from the store SCR binds. From a thread of its own, since SCR holds the component's lock while
     * it calls {@link #modified} or a bind method, and disabling needs it.
     */
    private void restart(ComponentContext component, String why) {
        String componentName = (String) component.getProperties().get(ComponentConstants.COMPONENT_NAME);
        LOG.log(System.Logger.Level.INFO, name + ": " + why + "; starting it again");
        Thread restart = new Thread(() -> {
            component.disableComponent(componentName);
            component.enableComponent(componentName);
        }, "estuary-restart-" + componentName);
        restart.setDaemon(true);
        restart.start();
    }

    /**
     * Properties that say where the configuration is kept, not what it says: a first configuration (say from
     * {@code config:property-set}) adds them to a component that ran on its defaults.
     */
    private static final Set<String> PLACE = Set.of(ComponentConstants.COMPONENT_ID, Constants.SERVICE_PID,
            "service.factoryPid", "service.bundleLocation", "felix.fileinstall.filename");

    /** The configuration but for what SCR applies itself (reference targets) and where it is kept. */
    static Map<String, Object> settings(Map<String, ?> properties) {
        Map<String, Object> settings = new TreeMap<>();
        properties.forEach((key, value) -> {
            if (!key.endsWith(".target") && !PLACE.contains(key)) {
                settings.put(key, value);
            }
        });
        return settings;
    }

    /** Equal settings, array values compared by content. */
    static boolean sameSettings(Map<String, Object> a, Map<String, Object> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        for (Map.Entry<String, Object> entry : a.entrySet()) {
            if (!Objects.deepEquals(entry.getValue(), b.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** Withdraws, unregisters and stops everything, newest first. */
    @Deactivate
    public final void deactivate() {
        activation.close();
    }
}
