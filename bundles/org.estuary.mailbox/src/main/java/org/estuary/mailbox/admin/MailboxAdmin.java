package org.estuary.mailbox.admin;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

import org.estuary.management.Page;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What an operator sees of the event mailbox and may do to it. Pages are read under the service's lock from its
 * registrations ordered by id, copying nothing but the page. Ids are the registrations' (their leases' ids), shown
 * and typed in the form of {@link org.estuary.management.Ids}.
 */
@ProviderType
public interface MailboxAdmin {

    /** Registrations that exist now. */
    long registrationCount();

    /** Events stored over all registrations. */
    long eventCount();

    /** Bytes of the stored events, counted against {@code max.bytes}. */
    long bytes();

    /**
     * The service's metrics, name to value, in a fixed order: {@code operations} (client calls), {@code events.in}
     * (stored), {@code events.refused} (refused because a limit was reached), {@code events.delivered} (pushed),
     * {@code events.pulled} (taken by iterators), {@code events.skipped} (of unknown pairs),
     * {@code delivery.failures} (push delivery stopped by a definite failure), {@code store.writes} and
     * {@code store.write.p50.us}/{@code p99.us}/{@code max.us}. Later versions may add names.
     */
    Map<String, Long> metrics();

    /**
     * The registrations in ascending id order, starting at the {@code offset}-th.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@code Pages.MAX_LIMIT}
     */
    Page<RegistrationInfo> registrations(long offset, int limit);

    /** The registrations with ids above {@code afterId}, found by seeking; {@code offset} is only reported. */
    Page<RegistrationInfo> registrationsAfter(long afterId, long offset, int limit);

    /** One registration, if it exists. */
    Optional<RegistrationInfo> registration(long id);

    /** A registration's unknown-event list from its {@code offset}-th pair; empty if it does not exist. */
    Page<UnknownEventInfo> unknownEvents(long id, long offset, int limit);

    /**
     * Disables the registration's push delivery, as its client would (EM.4.1); its events stay stored.
     *
     * @return false if no such registration exists
     * @throws IOException if the store did not record the change
     */
    boolean disableDelivery(long id) throws IOException;

    /**
     * Cancels the registration as its client would (EM.3): its events are gone, its listener answers
     * {@code NoSuchObjectException}.
     *
     * @return false if no such registration exists
     * @throws IOException if the store did not record the change
     */
    boolean cancel(long id) throws IOException;
}
