package org.estuary.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a container with failover binds in its registry under {@value #NAME}: which containers are active for the
 * service instances it stands by for. A reference whose service is not bound in that registry (a standby binds
 * nothing) asks it, so the indefinite {@link ServiceSwappingException} it throws names the active container, its
 * endpoint and since when.
 */
@ProviderType
public interface FailoverNotice extends Remote {

    /** The registry name it is bound under. */
    String NAME = "estuary.failover";

    /**
     * One entry per instance this container is not active for, {@code "; "}-separated: {@code "renewal: standby: the
     * active container is west-1 at west-1.example.org:4170 since INSTANT, token 4"}; empty when it is
     * active for every instance.
     */
    String activeElsewhere() throws RemoteException;
}
