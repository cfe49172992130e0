package org.estuary.mailbox.internal;

import java.rmi.RemoteException;

import org.estuary.lease.durable.DurableLandlord;
import org.estuary.store.api.Batch;
import org.estuary.store.api.WritePath;

/**
 * The landlord of the registration leases (LE, EM.3), through the mailbox's write path ({@link DurableLandlord}): a
 * renewal is shown (the registration's {@link Registration#expiration}) only once recorded; cancelling the lease
 * ends the registration once its deletion is durable.
 */
final class RegistrationLandlord extends DurableLandlord<Registration> {

    private final MailboxState state;

    RegistrationLandlord(MailboxState state) {
        super("mailbox registration", state.leases, state.clock);
        this.state = state;
    }

    @Override
    protected <T, X extends Exception> T call(WritePath.Decide<T, X> decide) throws X, RemoteException {
        state.metrics.operations.inc();
        return state.run(decide);
    }

    @Override
    protected <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
        state.metrics.operations.inc();
        return state.reply(decide, unsent);
    }

    @Override
    protected long expiration(Registration r) {
        return r.expiration;
    }

    @Override
    protected Batch renewal(Registration r, long expiration) {
        return state.recordOf(r, Batch.builder()).build(); // with the newest decided expiration
    }

    @Override
    protected void show(Registration r, long expiration) {
        r.expiration = expiration;
    }

    @Override
    protected Batch deletion(Registration r) {
        return state.deletion(r);
    }
}
