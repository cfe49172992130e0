package net.jini.core.lease;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A time-bounded grant of some resource, created by the grantor and held by the lease holder (LE.2.2).
 * Implementations are supplied by grantors; how they talk to the grantor is hidden from the holder.
 */
@ProviderType
public interface Lease {

    /** LE.2.2: requested duration asking for a lease that never expires. */
    long FOREVER = Long.MAX_VALUE;

    /** LE.2.2: requested duration leaving the choice of duration to the grantor. */
    long ANY = -1;

    /** LE.2.2: serial format storing the expiration as time remaining at serialization. */
    int DURATION = 1;

    /** LE.2.2: serial format storing the expiration as milliseconds since the epoch. */
    int ABSOLUTE = 2;

    /**
     * Returns the expiration time of the lease, in milliseconds since the epoch on the local clock (LE.2.2).
     *
     * @return the time at which the lease expires if not renewed
     */
    long getExpiration();

    /**
     * Cancels the lease; the effect is that of immediate expiration (LE.2.2).
     *
     * @throws UnknownLeaseException if the grantor does not know the lease
     * @throws RemoteException on a communication failure with the grantor
     */
    void cancel() throws UnknownLeaseException, RemoteException;

    /**
     * Asks for a new expiration time computed from {@code duration}; the duration is not added to the
     * current lease (LE.2.2). On failure the lease keeps its previous expiration.
     *
     * @param duration the requested duration in milliseconds, {@link #FOREVER} or {@link #ANY}
     * @throws LeaseDeniedException if the grantor refuses the renewal
     * @throws UnknownLeaseException if the grantor does not know the lease
     * @throws RemoteException on a communication failure with the grantor
     */
    void renew(long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException;

    /**
     * Sets the format used for the expiration time when this lease is serialized (LE.2.2).
     *
     * @param format {@link #DURATION} or {@link #ABSOLUTE}
     * @throws IllegalArgumentException if the format is not one of the two constants
     */
    void setSerialFormat(int format);

    /**
     * Returns the serial format in use; {@link #DURATION} by default (LE.2.2).
     *
     * @return {@link #DURATION} or {@link #ABSOLUTE}
     */
    int getSerialFormat();

    /**
     * Creates a map for batch renewal or cancellation that already holds this lease, mapped to
     * {@code duration} (LE.2.2).
     *
     * @param duration the duration this lease is renewed for when the map is renewed
     * @return a new lease map containing this lease
     */
    LeaseMap createLeaseMap(long duration);

    /**
     * Tells whether {@code lease} can be renewed and cancelled in one batch with this lease (LE.2.2).
     *
     * @param lease the lease to test
     * @return true if both leases can share a {@link LeaseMap}
     */
    boolean canBatch(Lease lease);
}
