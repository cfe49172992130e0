package org.estuary.remote.component;

import java.rmi.Remote;
import java.util.UUID;

import org.estuary.remote.BackendRef;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's id and the reference its proxies reach its backend through, which a service's state keeps: the id
 * comes from recovery ({@code ServiceIdRecord.recover}) and names the backend in this JVM from then on; the
 * reference is that in-JVM one until the service is exported, then the exported one
 * ({@link ServiceExport.Exported#useReference}), and the in-JVM one again once the export is withdrawn. Proxies
 * made after a change carry the new reference; those made before keep theirs, which resolve by id.
 *
 * @param <B> the service's backend interface
 */
@ProviderType
public final class ServiceIdentity<B extends Remote> {

    private final Class<B> type;
    /** Set once by {@link #identify}, in recovery; read by proxies made afterwards. */
    private volatile UUID id;
    /** The backend object itself, registered for the id in this JVM. */
    private volatile B backend;
    /** How proxies reach the backend: a {@link BackendRef}'s view. */
    private volatile B reference;

    /** @param type the backend interface proxies call */
    public ServiceIdentity(Class<B> type) {
        this.type = type;
    }

    /** Recovery: the service's id is {@code id}, and proxies from now on reach {@code backend} in this JVM. */
    public void identify(UUID id, B backend) {
        this.id = id;
        this.backend = backend;
        this.reference = BackendRef.local(id, type, backend).backend();
    }

    /** The service's id; null before recovery. */
    public UUID id() {
        return id;
    }

    /** How proxies made now reach the backend. */
    public B reference() {
        return reference;
    }

    /** Proxies made from now on reach the backend through {@code exported}; null goes back to the in-JVM one. */
    public void useReference(BackendRef<B> exported) {
        reference = exported != null ? exported.backend() : BackendRef.local(id, type, backend).backend();
    }

    /** Withdraws the backend's registration in this JVM (the service stops); nothing if it was never identified. */
    public void release() {
        UUID known = id;
        B registered = backend;
        if (known != null && registered != null) {
            BackendRef.release(known, registered);
        }
    }
}
