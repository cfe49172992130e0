package org.estuary.lease;

import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.osgi.annotation.versioning.ProviderType;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;

/**
 * {@link Landlord#renewAll} and {@link Landlord#cancelAll} for a landlord whose leases are renewed and cancelled one
 * at a time (each through its own durable write): every lease independently, a failure of one recorded in its slot
 * and not stopping the others (LE.2.2 {@code LeaseMap}); a {@link RemoteException} ends the batch, since then no
 * result is known.
 */
@ProviderType
public final class OneByOne {

    /** Renews one lease, as {@link Landlord#renew}. */
    @FunctionalInterface
    public interface Renew {
        long renew(long leaseId, long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException;
    }

    /** Cancels one lease, as {@link Landlord#cancel}. */
    @FunctionalInterface
    public interface Cancel {
        void cancel(long leaseId) throws UnknownLeaseException, RemoteException;
    }

    private OneByOne() {
    }

    /**
     * Renews {@code leaseIds[i]} for {@code durations[i]} through {@code renew}, each independently.
     *
     * @throws IllegalArgumentException if the arrays differ in length
     * @throws RemoteException what a renewal threw (no result is known then)
     */
    public static RenewResults renewAll(long[] leaseIds, long[] durations, Renew renew) throws RemoteException {
        if (leaseIds.length != durations.length) {
            throw new IllegalArgumentException("leaseIds and durations differ in length");
        }
        long[] granted = new long[leaseIds.length];
        Exception[] failures = new Exception[leaseIds.length];
        for (int i = 0; i < leaseIds.length; i++) {
            try {
                granted[i] = renew.renew(leaseIds[i], durations[i]);
            } catch (LeaseDeniedException | UnknownLeaseException | IllegalArgumentException e) {
                failures[i] = e;
            }
        }
        return new RenewResults(granted, failures);
    }

    /**
     * Cancels every {@code leaseIds[i]} through {@code cancel}, each independently.
     *
     * @return per lease, null if it was cancelled, else its {@code UnknownLeaseException}
     * @throws RemoteException what a cancellation threw (no result is known then)
     */
    public static Exception[] cancelAll(long[] leaseIds, Cancel cancel) throws RemoteException {
        Exception[] failures = new Exception[leaseIds.length];
        for (int i = 0; i < leaseIds.length; i++) {
            try {
                cancel.cancel(leaseIds[i]);
            } catch (UnknownLeaseException e) {
                failures[i] = e;
            }
        }
        return failures;
    }
}
