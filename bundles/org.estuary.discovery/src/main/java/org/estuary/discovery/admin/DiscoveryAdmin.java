package org.estuary.discovery.admin;

import java.io.IOException;
import java.util.Map;

import org.estuary.management.Page;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What an operator sees of the lookup discovery service and may do to it. Registration ids are their leases' ids,
 * shown and typed in the form of {@link org.estuary.management.Ids}; lookup services are numbered in the order
 * discovery found them.
 */
@ProviderType
public interface DiscoveryAdmin {

    /** Registrations that exist now. */
    long registrationCount();

    /** Lookup services discovery knows now. */
    long registrarCount();

    /**
     * The service's metrics, name to value, in a fixed order: {@code registrations.granted},
     * {@code events.discovered} and {@code events.discarded} (queued for listeners), {@code events.dropped} (beyond
     * a registration's queue, or without a sequence number), {@code listeners.refused} (registrations cancelled
     * because their listener refused an event). Later versions may add names.
     */
    Map<String, Long> metrics();

    /**
     * The lookup services discovery knows, in the order it found them, from the {@code offset}-th.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@code Pages.MAX_LIMIT}
     */
    Page<RegistrarInfo> registrars(long offset, int limit);

    /**
     * The registrations in ascending id order, starting at the {@code offset}-th.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@code Pages.MAX_LIMIT}
     */
    Page<RegistrationInfo> registrations(long offset, int limit);

    /** The registrations with ids above {@code afterId}, found by seeking; {@code offset} is only reported. */
    Page<RegistrationInfo> registrationsAfter(long afterId, long offset, int limit);

    /**
     * Cancels the registration as its client would (LD.4.1.1): it gets no more events, its proxy answers
     * {@code NoSuchObjectException}.
     *
     * @return false if no such registration exists
     * @throws IOException if the store did not record the change
     */
    boolean cancel(long id) throws IOException;
}
