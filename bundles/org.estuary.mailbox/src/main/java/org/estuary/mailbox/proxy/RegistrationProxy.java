package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.RemoteEventIterator;

import org.estuary.io.Marshalled;
import org.estuary.remote.ServiceObjectProxy;

/**
 * The registration a client holds (EM.4, EM.7): (service id, registration id), the backend and the registration's
 * lease. Proxies are equal exactly when they denote the same registration of the same service; the lease is not
 * part of equality.
 */
@org.osgi.annotation.versioning.ProviderType
public final class RegistrationProxy extends ServiceObjectProxy<MailboxBackend> implements MailboxPullRegistration {

    private static final long serialVersionUID = 1L;

    /** @serial the lease on the registration, as of when this proxy was made */
    private final Lease lease;

    /** Registration {@code registrationId} of mailbox {@code serviceId}, with its lease as of now. */
    public RegistrationProxy(UUID serviceId, long registrationId, MailboxBackend backend, Lease lease) {
        super(serviceId, registrationId, backend);
        this.lease = Objects.requireNonNull(lease, "lease");
    }

    /** The registration's id, which is also its lease's id. */
    public long registrationId() {
        return objectId();
    }

    /** EM.4.1: no remote call. */
    @Override
    public Lease getLease() {
        return lease;
    }

    /** EM.4.1: no remote call; equal listeners for this registration, unequal ones across registrations. */
    @Override
    public RemoteEventListener getListener() {
        return new ListenerProxy(serviceId(), objectId(), backend());
    }

    @Override
    public void enableDelivery(RemoteEventListener target) throws RemoteException {
        if (target instanceof ListenerProxy listener && listener.serviceId().equals(serviceId())) {
            // EM.4.1: a mailbox listener of this same service as target would be a recursive chain
            throw new IllegalArgumentException("the target is a mailbox listener of this same event mailbox ("
                    + target + "); give a listener of your own");
        }
        backend().enableDelivery(objectId(), target);
    }

    @Override
    public void disableDelivery() throws RemoteException {
        backend().disableDelivery(objectId());
    }

    @Override
    public RemoteEventIterator getRemoteEvents() throws RemoteException {
        return new IteratorProxy(objectId(), backend().newIterator(objectId()), backend());
    }

    @Override
    public void addUnknownEvents(Collection<? extends RemoteEvent> unknownEvents) throws RemoteException {
        Objects.requireNonNull(unknownEvents, "unknownEvents");
        List<RemoteEvent> events = new ArrayList<>(unknownEvents);
        long[] ids = new long[events.size()];
        @SuppressWarnings("unchecked")
        Marshalled<Object>[] sources = new Marshalled[events.size()];
        for (int i = 0; i < ids.length; i++) {
            RemoteEvent event = Objects.requireNonNull(events.get(i), "unknownEvents holds null");
            ids[i] = event.getID();
            sources[i] = EventEnvelope.sourceForm(event.getSource()); // compared as the listener wrote it
        }
        backend().addUnknownEvents(objectId(), ids, sources);
    }

    @Override
    protected String kind() {
        return "MailboxRegistration";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (lease == null) {
            throw new InvalidObjectException("RegistrationProxy without its lease");
        }
    }
}
