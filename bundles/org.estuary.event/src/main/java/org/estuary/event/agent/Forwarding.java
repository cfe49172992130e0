package org.estuary.event.agent;

import net.jini.core.event.RemoteEventListener;

import org.osgi.annotation.versioning.ProviderType;

/** One destination an agent forwards events to, for its owner to end. */
@ProviderType
public interface Forwarding {

    /** The listener events are forwarded to. */
    RemoteEventListener target();

    /**
     * Whether events are still forwarded. An agent ends a forwarding itself when its target answers {@code
     * UnknownEventException} (EV.2.3.3) or a definite failure, or when its lease ends.
     */
    boolean isActive();

    /** Stops forwarding and cancels the events still queued for the target. Idempotent. */
    void cancel();
}
