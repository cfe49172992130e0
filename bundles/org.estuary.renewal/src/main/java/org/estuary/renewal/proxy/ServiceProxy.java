package org.estuary.renewal.proxy;

import java.rmi.RemoteException;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.remote.ServiceBoundProxy;

/**
 * The {@link LeaseRenewalService} a client holds: the service id and the backend. Two proxies are equal when they
 * are proxies for the same renewal service (LR.2), that is when their service ids are equal.
 */
@org.osgi.annotation.versioning.ProviderType
public final class ServiceProxy extends ServiceBoundProxy<RenewalBackend> implements LeaseRenewalService {

    private static final long serialVersionUID = 1L;

    public ServiceProxy(UUID serviceId, RenewalBackend backend) {
        super(serviceId, backend);
    }

    @Override
    public LeaseRenewalSet createLeaseRenewalSet(long leaseDuration) throws RemoteException {
        // LR.2: positive, FOREVER or ANY; checked here too so a bad argument costs no remote call.
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException(
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        return backend().createSet(leaseDuration);
    }

    @Override
    protected String kind() {
        return "LeaseRenewalService";
    }
}
