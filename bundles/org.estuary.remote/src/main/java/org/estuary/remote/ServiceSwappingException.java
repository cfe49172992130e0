package org.estuary.remote;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A call met a service that is being replaced (a {@code bundle:update}, a store switch) or whose container is
 * restarting: its backend is not bound in the container's registry at this moment. Indefinite (the "US.2.6" sense:
 * {@code org.estuary.core.failure.Failure.of} says {@code INDEFINITE}): the call did not run, and retrying later may
 * succeed. It is never a wrong answer.
 */
@ProviderType
public class ServiceSwappingException extends RemoteException {

    private static final long serialVersionUID = 1L;

    public ServiceSwappingException(String message) {
        super(message);
    }

    public ServiceSwappingException(String message, Throwable cause) {
        super(message, cause);
    }
}
