package net.jini.core.lease;

import java.rmi.RemoteException;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A map from {@link Lease} to the {@link Long} duration each lease is renewed for, used to renew or cancel a
 * batch of leases in one operation (LE.2.2). Putting a key that is not a batchable lease, or a value that is
 * not a {@code Long}, throws {@link IllegalArgumentException}.
 */
@ProviderType
public interface LeaseMap extends Map<Lease, Long> {

    /**
     * Tells whether {@code key} is a lease that can be added to this map, that is, batched with the leases
     * already in it (LE.2.2).
     *
     * @param key the candidate key
     * @return true if the key may be put into this map
     */
    boolean canContainKey(Object key);

    /**
     * Renews every lease in the map for its associated duration (LE.2.2). Leases that fail are removed from
     * the map and reported in the exception.
     *
     * @throws LeaseMapException if some leases could not be renewed
     * @throws RemoteException on a communication failure
     */
    void renewAll() throws LeaseMapException, RemoteException;

    /**
     * Cancels every lease in the map (LE.2.2). Leases that fail to cancel are removed from the map and
     * reported in the exception; on success the map is left unchanged.
     *
     * @throws LeaseMapException if some leases could not be cancelled
     * @throws RemoteException on a communication failure
     */
    void cancelAll() throws LeaseMapException, RemoteException;
}
