package org.estuary.core.component;

import java.util.function.Consumer;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The service of an optional, dynamic, greedy reference (a service's exporter) attached to a component only while
 * the component is active: bound before activation, it is attached when the activation reaches
 * {@link #activate()}; rebound while active, the old one is detached before the new one is attached; unbound or
 * deactivated, it is detached. Bind and unbind come from the framework's threads, activate and deactivate from
 * the component's: all are serialized here.
 *
 * @param <T> the referenced service
 */
@ProviderType
public final class Attachment<T> {

    private final Consumer<T> attach;
    private final Consumer<T> detach;
    private T bound;
    private boolean active;

    /**
     * @param attach what attaching does (export the service through it); a failure it cannot recover from, it
     *        logs: the component stays active without this service
     * @param detach what detaching does (withdraw the service from it)
     */
    public Attachment(Consumer<T> attach, Consumer<T> detach) {
        this.attach = attach;
        this.detach = detach;
    }

    /** The reference's bind method: attaches {@code service} at once if active, replacing the one bound before. */
    public synchronized void bind(T service) {
        if (bound != null && active) {
            detach.accept(bound);
        }
        bound = service;
        if (active) {
            attach.accept(service);
        }
    }

    /** The reference's unbind method: detaches {@code service} if it is the one bound. */
    public synchronized void unbind(T service) {
        if (bound == service) {
            if (active) {
                detach.accept(service);
            }
            bound = null;
        }
    }

    /** Attaches the bound service, if any, and every one bound from now on; an activation step. */
    public synchronized Attachment<T> activate() {
        active = true;
        if (bound != null) {
            attach.accept(bound);
        }
        return this;
    }

    /** Detaches the bound service, if any; the undo of {@link #activate()}. */
    public synchronized void deactivate() {
        if (active && bound != null) {
            detach.accept(bound);
        }
        active = false;
    }
}
