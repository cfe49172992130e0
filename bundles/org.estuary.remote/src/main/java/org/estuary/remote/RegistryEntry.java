package org.estuary.remote;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.Remote;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The wrapper a bootstrap proxy is bound in the RMI registry with (the registry holds only {@code Remote}s; this
 * one is never exported, so it travels by copy). Clients unwrap it with {@link #proxy()}.
 */
@ProviderType
public final class RegistryEntry implements Remote, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the bootstrap proxy */
    private final Serializable proxy;

    public RegistryEntry(Serializable proxy) {
        this.proxy = java.util.Objects.requireNonNull(proxy, "proxy");
    }

    /** The bootstrap proxy. */
    public Object proxy() {
        return proxy;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (proxy == null) {
            throw new InvalidObjectException("RegistryEntry without proxy");
        }
    }
}
