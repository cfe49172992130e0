package org.estuary.renewal.admin;

import java.io.IOException;
import java.util.Optional;

import org.estuary.management.Page;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What an operator sees of the lease renewal service and may do to it. Pages are read under the service's lock
 * from its ordered tables (sets by id, a set's leases by key) and nothing but the page is copied: a page by
 * position walks from the nearer end of the table (the first and the last pages cost only themselves), a page after
 * a key ({@link #setsAfter}, {@link #leasesAfter}) seeks to it. Ids are those of the service: a set's id is its set lease's id, a lease's
 * key is the service's own number for that client lease (stable across restarts). Operators see and type ids in
 * the form of {@link org.estuary.management.Ids}; pages are {@link Page}s, the type every service's view shares.
 */
@ProviderType
public interface RenewalAdmin {

    /** The largest page {@link #sets} and {@link #leases} return. */
    int MAX_PAGE = org.estuary.management.Pages.MAX_LIMIT;

    /** Renewal sets that exist now. */
    long setCount();

    /** Client leases over all sets. */
    long leaseCount();

    /**
     * The service's metrics, name to value, in a fixed order: {@code operations} (client calls),
     * {@code renewals} (client leases renewed), {@code renewal.retries} (indefinite renewal failures, retried),
     * {@code renewal.failures} (definite ones: the lease left its set), {@code leases.lost} (client leases
     * that left their sets because they could not be renewed: expired after indefinite failures, or refused
     * definitely), {@code events.out} (events handed to
     * delivery), {@code store.writes} and {@code store.write.p50.us}/{@code p99.us}/{@code max.us} (durable
     * writes and their latency in microseconds over a recent window). Later versions may add names.
     */
    java.util.Map<String, Long> metrics();

    /**
     * The sets in ascending id order, starting at the {@code offset}-th.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@link #MAX_PAGE}
     */
    Page<SetInfo> sets(long offset, int limit);

    /** One set, if it exists. */
    Optional<SetInfo> set(long setId);

    /**
     * A set's client leases in ascending key order, starting at the {@code offset}-th; empty if the set does not
     * exist (then {@link Page#total()} is 0).
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@link #MAX_PAGE}
     */
    Page<LeaseInfo> leases(long setId, long offset, int limit);

    /**
     * The sets with ids above {@code afterId}, in ascending id order: the next page after one ending with
     * {@code afterId}, found by seeking to that id, so paging on through 1,000,000 sets costs each page its own
     * size. {@code offset} is the position of the page's first set as the caller counts it (the previous page's
     * offset plus its size); it is reported in the page and not used to find it.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@link #MAX_PAGE}
     */
    Page<SetInfo> setsAfter(long afterId, long offset, int limit);

    /**
     * A set's client leases with keys above {@code afterKey}, in ascending key order, found by seeking (as
     * {@link #setsAfter}); empty if the set does not exist.
     *
     * @throws IllegalArgumentException if offset is negative or limit is not within 1..{@link #MAX_PAGE}
     */
    Page<LeaseInfo> leasesAfter(long setId, long afterKey, long offset, int limit);

    /**
     * Cancels a set as its holder would (LR.2: its client leases are neither renewed nor cancelled any more, its
     * listeners get nothing more). Durable before it returns.
     *
     * @return false if no such set exists
     * @throws IOException if the store did not record the change (nothing changed then)
     */
    boolean cancelSet(long setId) throws IOException;

    /**
     * Removes one client lease from its set, as {@code LeaseRenewalSet.remove} does: the lease is not cancelled,
     * no event is sent. Durable before it returns.
     *
     * @return false if the set has no lease with that key
     * @throws IOException if the store did not record the change (nothing changed then)
     */
    boolean removeLease(long setId, long leaseKey) throws IOException;
}
