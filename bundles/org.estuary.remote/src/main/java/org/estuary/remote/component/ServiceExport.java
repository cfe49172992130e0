package org.estuary.remote.component;

import java.io.Serializable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;

import org.estuary.core.component.Attachment;
import org.estuary.io.ReadScope;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Exporter;
import org.estuary.remote.ServiceSwappingException;
import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's exporter as an {@link Attachment}: while the component is active and an {@link Exporter} is bound,
 * the service's backend is exported under its service id (so every proxy, wherever it was made, re-resolves to it
 * across swaps and restarts) and its bootstrap proxy is bound in the registry under the spec interface's name, what
 * {@code EstuaryClient.lookup} finds; detaching unbinds the proxy, unexports the backend and returns the service's
 * proxies to the in-JVM reference. A failed export is logged (WARNING) and the service keeps serving the bundles
 * of its own container: remote access is optional, the service is not.
 *
 * <p>A component makes its attachment with {@link #attachment}, takes {@link Attachment#activate()} as the last
 * step of its activation (undone by {@link Attachment#deactivate()}) and calls {@link Attachment#bind} and
 * {@link Attachment#unbind} from its optional, dynamic, greedy {@code exporter} reference.
 */
@ProviderType
public final class ServiceExport {

    /** The service's side of its export. */
    @ConsumerType
    public interface Exported<B extends Remote> {

        /** The service's persistent id (known once it recovered): the name its backend is exported under. */
        UUID serviceId();

        /**
         * Proxies made from now on call the backend through {@code reference} (it reaches the backend from other
         * JVMs); {@code null}: through the in-JVM reference again ({@link BackendRef#local}).
         */
        void useReference(BackendRef<B> reference);

        /** The service's bootstrap proxy as made now (through the reference in use). */
        Serializable proxy();
    }

    private static final System.Logger LOG = System.getLogger(ServiceExport.class.getName());

    private ServiceExport() {
    }

    /**
     * @param service the service as a log message names it ("the lease renewal service")
     * @param type the backend interface
     * @param backend the backend to export
     * @param exported the service's side: its id, the reference its proxies use and its proxy
     * @param specs the spec interfaces its bootstrap proxy is bound under, at least one ({@code LeaseRenewalService};
     *        {@code EventMailbox} and {@code PullEventMailbox}), each of which the proxy implements
     * @throws IllegalArgumentException if {@code specs} is empty
     */
    public static <B extends Remote> Attachment<Exporter> attachment(String service, Class<B> type, B backend,
            Exported<B> exported, Class<?>... specs) {
        return attach(service, type, backend, exported, null, specs);
    }

    /**
     * As {@link #attachment(String, Class, Object, Exported, Class...)}, the backend exported behind a gate, so a
     * call never meets a service that is stopping:
     * <ul>
     * <li>from the moment detaching begins (the component is deactivated: a {@code bundle:update}, a new
     * {@code store.target}, a configuration change, or the exporter is unbound), every call is refused before it
     * runs with an indefinite {@link ServiceSwappingException} saying the service is being stopped or replaced;
     * the component's export is its last activation step, so its deactivation closes the gate before it shuts the
     * service's thread pools;</li>
     * <li>a call that passed the gate before it closed and then finds the service's pools shut (their
     * {@link RejectedExecutionException}) fails with an indefinite {@link RemoteException} saying so: it may have
     * run in part, so it is not one the failover path repeats by itself;</li>
     * <li>while {@code serving} says false (this container's failover role for the service no longer holds, for
     * example after the process was paused past its lease), every call is refused with an indefinite
     * {@link ServiceSwappingException} before it runs, so no caller gets an answer from state another container may
     * have changed; the caller's reference then looks for the service at its failover peers.</li>
     * </ul>
     *
     * @param serving whether this container may serve the service now (its {@code ActiveRole.holds()})
     */
    public static <B extends Remote> Attachment<Exporter> attachment(String service, Class<B> type, B backend,
            Exported<B> exported, BooleanSupplier serving, Class<?>... specs) {
        Gate gate = new Gate(service, Objects.requireNonNull(serving, "serving"));
        return attach(service, type, gate.guard(type, backend), exported, gate, specs);
    }

    private static <B extends Remote> Attachment<Exporter> attach(String service, Class<B> type, B backend,
            Exported<B> exported, Gate gate, Class<?>... specs) {
        if (specs.length == 0) {
            throw new IllegalArgumentException(service + ": no spec interface to bind its proxy under");
        }
        return new Attachment<>(to -> {
            if (gate != null) {
                gate.open = true;
            }
            try {
                exported.useReference(to.export(exported.serviceId(), type, backend));
                Serializable proxy = exported.proxy();
                for (Class<?> spec : specs) {
                    to.bind(spec.getName(), proxy);
                }
            } catch (RemoteException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, service + " is not reachable from other JVMs: exporting it "
                        + "failed (" + e + "); it keeps serving bundles in this container", e);
            }
        }, from -> {
            if (gate != null) {
                gate.open = false; // before anything of the service stops
            }
            for (Class<?> spec : specs) {
                from.unbind(spec.getName());
            }
            from.unexport(exported.serviceId());
            exported.useReference(null);
        });
    }

    /** What an exported backend's calls pass: open while attached, and while the container serves the service. */
    private static final class Gate {

        private final String service;
        private final BooleanSupplier serving;
        private volatile boolean open;

        Gate(String service, BooleanSupplier serving) {
            this.service = service;
            this.serving = serving;
        }

        <B extends Remote> B guard(Class<B> type, B backend) {
            Objects.requireNonNull(backend, "backend");
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                    (proxy, method, args) -> {
                        if (method.getDeclaringClass() == Object.class) {
                            switch (method.getName()) {
                                case "equals":
                                    return proxy == args[0];
                                case "hashCode":
                                    return System.identityHashCode(proxy);
                                default:
                                    return service + " in this container";
                            }
                        }
                        if (!open) {
                            throw new ServiceSwappingException(service + " is being stopped or replaced in this "
                                    + "container: the call did not run; retry, and it reaches the service once "
                                    + "it is back");
                        }
                        if (!serving.getAsBoolean()) {
                            throw new ServiceSwappingException(service + " is not active in this container: its "
                                    + "failover lease ran out and another container takes it over; retry, and the "
                                    + "call reaches the active container");
                        }
                        // what the transport read for this guard is the backend's as well (ReadScope.arrived)
                        try (ReadScope.Received forwarded = ReadScope.forwarded(proxy, backend, args)) {
                            return method.invoke(backend, args);
                        } catch (InvocationTargetException e) {
                            if (e.getCause() instanceof RejectedExecutionException && !open) {
                                throw new RemoteException(service + " was stopped or replaced in this container "
                                        + "while it served the call: the call may have run in part; retry, and "
                                        + "it reaches the service once it is back");
                            }
                            throw e.getCause();
                        }
                    }));
        }
    }
}
