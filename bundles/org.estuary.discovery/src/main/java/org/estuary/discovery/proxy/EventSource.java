package org.estuary.discovery.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;

import org.estuary.remote.BackendRef;

/**
 * The serial form of a {@link LookupDiscoveryProxy} as the source of the service's events (LD.4.2): a listener
 * reads one per event, often thousands a second, and the proxy in full (its backend reference, the stub in it, the
 * dynamic proxy classes of both) costs it eight class descriptors each time. This form is the service id and the
 * route to the container's registry ({@link BackendRef#writeCompact}), one class descriptor; the client reads it
 * back as a {@link LookupDiscoveryProxy} equal to the one it registered with (EV.2.3.2, LD.3.2: the source is the
 * service), whose first remote call, if the client makes one, looks the stub up in that registry.
 */
final class EventSource implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The reference the source's proxy holds; written and read in compact form. */
    private transient BackendRef<DiscoveryBackend> reference;

    private EventSource(BackendRef<DiscoveryBackend> reference) {
        this.reference = reference;
    }

    /**
     * @param source an event's source
     * @return the compact form of {@code source} if it is a lookup discovery service's proxy over a backend
     *         reference, else {@code source} itself
     */
    static Object of(Object source) {
        if (source instanceof LookupDiscoveryProxy proxy) {
            BackendRef<?> reference = BackendRef.of(proxy.backendView());
            if (reference != null && reference.type() == DiscoveryBackend.class
                    && reference.serviceId().equals(proxy.serviceId())) {
                @SuppressWarnings("unchecked") // its type was checked just above
                BackendRef<DiscoveryBackend> typed = (BackendRef<DiscoveryBackend>) reference;
                return new EventSource(typed);
            }
        }
        return source;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        reference.writeCompact(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        reference = BackendRef.readCompact(in, DiscoveryBackend.class);
    }

    private Object readResolve() throws ObjectStreamException {
        if (reference == null) {
            throw new InvalidObjectException("an event source without its service's reference");
        }
        return new LookupDiscoveryProxy(reference.serviceId(), reference.backend());
    }
}
