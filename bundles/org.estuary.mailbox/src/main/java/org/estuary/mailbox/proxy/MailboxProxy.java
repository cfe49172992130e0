package org.estuary.mailbox.proxy;

import java.rmi.RemoteException;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;

import org.estuary.remote.ServiceBoundProxy;

/**
 * The {@link PullEventMailbox} a client holds: the service id and the backend. Two proxies are equal when they are
 * proxies for the same mailbox service (EM.2, EM.5), that is when their service ids are equal. Every registration
 * supports both push delivery and pull, whichever method made it.
 */
@org.osgi.annotation.versioning.ProviderType
public final class MailboxProxy extends ServiceBoundProxy<MailboxBackend> implements PullEventMailbox {

    private static final long serialVersionUID = 1L;

    public MailboxProxy(UUID serviceId, MailboxBackend backend) {
        super(serviceId, backend);
    }

    @Override
    public MailboxRegistration register(long leaseDuration) throws RemoteException, LeaseDeniedException {
        return pullRegister(leaseDuration);
    }

    @Override
    public MailboxPullRegistration pullRegister(long leaseDuration) throws RemoteException, LeaseDeniedException {
        // EM.3, EM.6: positive or Lease.ANY; checked here too so a bad argument costs no remote call.
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException("leaseDuration must be positive or Lease.ANY: " + leaseDuration);
        }
        return backend().register(leaseDuration);
    }

    @Override
    protected String kind() {
        return "PullEventMailbox";
    }
}
