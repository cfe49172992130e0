package net.jini.discovery;

import java.util.EventListener;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Implemented by local users of discovery utilities to learn of lookup services being discovered and discarded; the
 * local counterpart of the remote events the lookup discovery service sends (LD.3.2).
 */
@ConsumerType
public interface DiscoveryListener extends EventListener {

    /**
     * Called when one or more lookup services have been discovered.
     *
     * @param e the event naming the lookup services
     */
    void discovered(DiscoveryEvent e);

    /**
     * Called when one or more lookup services have been discarded.
     *
     * @param e the event naming the lookup services
     */
    void discarded(DiscoveryEvent e);
}
