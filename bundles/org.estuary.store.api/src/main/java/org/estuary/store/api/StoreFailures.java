package org.estuary.store.api;

import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a service's client sees when the store fails behind its call. A failure that time or an operator can clear
 * ({@linkplain StoreException.Reason#isRetryable() retryable}), or whose batch may still become durable
 * ({@linkplain StoreException#outcomeUnknown() unknown outcome}), is an indefinite {@link RemoteException}: the client
 * may retry, and the store's message says what the operator does (S6: "free disk space", "raise queue.bound").
 * Anything else (stored data that does not parse, a batch larger than the store takes) fails the same way on every
 * retry: a {@link ServerException}, whose detail is the store's failure. Either carries the {@link StoreException}
 * as its cause.
 */
@ProviderType
public final class StoreFailures {

    private StoreFailures() {
    }

    /**
     * @param service names the service ("event mailbox"); the message starts with it
     * @throws NullPointerException if an argument is null
     */
    public static RemoteException toClient(String service, StoreException failure) {
        Objects.requireNonNull(service, "service");
        if (failure.reason().isRetryable() || failure.outcomeUnknown()) {
            return new RemoteException(service + " store: " + failure.getMessage(), failure);
        }
        return new ServerException(service + " store refused the change: " + failure.getMessage(), failure);
    }

    /**
     * An interrupt while the call waited for the store: indefinite, since the batch may still become durable. Sets
     * the thread's interrupt flag again.
     */
    public static RemoteException interrupted(String service, InterruptedException interrupt) {
        Thread.currentThread().interrupt();
        return new RemoteException("interrupted while waiting for the " + service + " store; outcome unknown",
                interrupt);
    }
}
