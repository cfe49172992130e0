package org.estuary.mailbox.internal;

import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.LeaseException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.lease.OneByOne;
import org.estuary.lease.RenewResults;
import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;

/**
 * The landlord of the registration leases (LE, EM.3): renews and cancels them through the mailbox's write path. A
 * renewal is shown (the registration's expiration) only once recorded, and the registration's ticket keeps an older,
 * slower renewal from overwriting a newer one; a cancellation ends the registration once its deletion is durable.
 */
final class RegistrationLandlord {

    private final MailboxState state;

    RegistrationLandlord(MailboxState state) {
        this.state = state;
    }

    long renew(long id, long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        state.metrics.operations.inc();
        try {
            return state.<Long, LeaseException>run(() -> {
                Registration r = state.registrations.get(id);
                if (r == null || r.gone()) {
                    throw new UnknownLeaseException("mailbox registration " + Long.toUnsignedString(id)
                            + " no longer exists");
                }
                long granted = state.leases.renew(id, duration);
                long expiration = state.leases.expiration(id);
                long shownBefore = r.expiration;
                long ticket = r.renewals.decide();
                return new WritePath.Change<Long>() {
                    @Override
                    public Batch batch() {
                        return state.recordOf(r, Batch.builder()).build(); // with the newest decided expiration
                    }

                    @Override
                    public Long acknowledged() {
                        if (!r.ended && r.renewals.show(ticket)) {
                            r.expiration = expiration;
                        }
                        return granted;
                    }

                    @Override
                    public void failed(StoreException cause) {
                        // not recorded, so not granted: the lease falls back to the expiration shown
                        if (!r.ended && r.renewals.latest(ticket) && state.leases.get(id) != null) {
                            try {
                                state.leases.renew(id, Math.max(1, shownBefore - state.clock.currentTimeMillis()));
                            } catch (UnknownLeaseException ended) {
                                // ended meanwhile: nothing to undo
                            }
                        }
                    }
                };
            });
        } catch (LeaseDeniedException | UnknownLeaseException | RemoteException e) {
            throw e;
        } catch (LeaseException e) {
            throw new IllegalStateException(e); // renew throws only the two above
        }
    }

    /** EM.3: cancelling the lease ends the registration, once its deletion is durable. */
    void cancel(long id) throws UnknownLeaseException, RemoteException {
        state.metrics.operations.inc();
        state.run(() -> {
            Registration r = state.registrations.get(id);
            if (r == null || r.gone() || state.leases.get(id) == null) {
                throw new UnknownLeaseException("mailbox registration " + Long.toUnsignedString(id)
                        + " no longer exists");
            }
            r.cancelling = true;
            Batch deletion = state.deletion(r);
            return new WritePath.Change<Void>() {
                @Override
                public Batch batch() {
                    return deletion;
                }

                @Override
                public Void acknowledged() {
                    try {
                        state.leases.cancel(id); // ends the registration through the lease table's listener
                    } catch (UnknownLeaseException expiredMeanwhile) {
                        // ended already
                    }
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    r.cancelling = false;
                }
            };
        });
    }

    RenewResults renewAll(long[] ids, long[] durations) throws RemoteException {
        return OneByOne.renewAll(ids, durations, this::renew);
    }

    Exception[] cancelAll(long[] ids) throws RemoteException {
        return OneByOne.cancelAll(ids, this::cancel);
    }
}
