package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.LeaseDeniedException;

import org.estuary.io.Marshalled;
import org.estuary.lease.LeaseTable;
import org.estuary.store.api.Batch;
import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * Rebuilds a renewal service from its store on activation: the service id, the sequence marks, the sets (their
 * leases back into the lease table; overdue ones expire at once), the client leases (unmarshalled where their
 * classes resolve, else kept marshalled and retried) and the registrations.
 */
final class Recovery {

    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final RenewalState state;
    private final RenewalScheduler scheduler;
    private final Persistence persistence;
    private final Records records;
    private final SetTable sets;
    private final LeaseTable<SetState> setLeases;

    Recovery(RenewalState state, RenewalScheduler scheduler) {
        this.state = state;
        this.scheduler = scheduler;
        this.persistence = state.persistence;
        this.records = state.records;
        this.sets = state.sets;
        this.setLeases = state.setLeases;
    }

    /** Runs under the state's lock; returns the service id. */
    UUID run() throws IOException {
        try {
            return scan();
        } catch (StoreException e) {
            throw new IOException("renewal service cannot read its store: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the renewal service recovered", e);
        }
    }

    private UUID scan() throws IOException, StoreException, InterruptedException {
        Store store = persistence.adopt();
        UUID id = ServiceIdRecord.recover("lease renewal service", store, Records.SERVICE,
                state.settings.writeTimeoutMillis);
        List<IOException> failures = new ArrayList<>();
        persistence.marks().recover(store, (key, value) -> {
            persistence.keepUnreadable(Records.SEQUENCE, key, value);
            failures.add(new IOException("sequence record " + key + " does not parse"));
        });
        List<SetState> restored = new ArrayList<>();
        store.scan(Records.SETS, (key, value) -> {
            try {
                SetState set = new SetState(Long.parseLong(key), Records.decodeLong(value));
                set.expires(set.expiration, state.clock); // the recorded expiration, turned once at its read
                sets.addSet(set);
                restored.add(set);
            } catch (IOException | NumberFormatException e) {
                persistence.keepUnreadable(Records.SETS, key, value);
                failures.add(new IOException("set record " + key + ": " + e.getMessage(), e));
            }
        });
        List<ClientEntry> orphans = new ArrayList<>();
        store.scan(Records.LEASES, (key, value) -> {
            try {
                ClientEntry entry = records.decodeLease(Long.parseLong(key), value, state.clock);
                if (sets.get(entry.setId) == null) {
                    orphans.add(entry);
                    return;
                }
                sets.add(entry);
                entry.unconfirmed = true; // LR.2: the landlord, not a possibly stale record, says it has expired
                state.revive(entry); // a lease whose class is missing stays marshalled and is retried
                scheduler.now(entry);
            } catch (IOException | ClassNotFoundException | NumberFormatException e) {
                persistence.keepUnreadable(Records.LEASES, key, value);
                failures.add(new IOException("lease record " + key + ": " + e.getMessage(), e));
            }
        });
        store.scan(Records.LISTENERS, (key, value) -> {
            try {
                int dot = key.indexOf('.');
                long setId = Long.parseLong(key.substring(0, dot));
                long eventId = Long.parseLong(key.substring(dot + 1));
                SetState set = sets.get(setId);
                if (set == null) {
                    return;
                }
                Marshalled<RemoteEventListener> listener = records.listenerOf(value);
                RemoteEventListener live = state.admission.readListener(listener);
                state.install(set, records.decodeRegistration(setId, eventId, value, live));
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                persistence.keepUnreadable(Records.LISTENERS, key, value);
                failures.add(new IOException("listener record " + key + ": " + e.getMessage(), e));
            }
        });
        // After the listeners: installing a warning listener arms it afresh, and what was already sent must not be
        // sent again (LR.2.1).
        store.scan(Records.WARNED, (key, value) -> {
            try {
                SetState set = sets.get(Long.parseLong(key));
                if (set != null) {
                    set.warnedFor = Records.decodeLong(value);
                    state.warnings.schedule(set);
                }
            } catch (IOException | NumberFormatException e) {
                persistence.keepUnreadable(Records.WARNED, key, value);
                failures.add(new IOException("warning record " + key + ": " + e.getMessage(), e));
            }
        });
        for (SetState set : restored) {
            try {
                setLeases.restore(set.setId, set, set.expiration); // overdue sets expire through the listener
            } catch (LeaseDeniedException | IllegalArgumentException e) {
                failures.add(new IOException("set " + set.setId + " cannot be restored: " + e.getMessage(), e));
            }
        }
        if (!orphans.isEmpty()) {
            Batch.Builder batch = Batch.builder();
            orphans.forEach(o -> batch.delete(Records.LEASES, Records.key(o.key)));
            persistence.writeLater(batch.build());
        }
        for (IOException failure : failures) {
            LOG.log(System.Logger.Level.WARNING, "renewal service could not recover a record (it is kept in the "
                    + "store): " + failure.getMessage());
        }
        LOG.log(System.Logger.Level.DEBUG, "recovered " + sets.setCount() + " sets, " + sets.leaseCount()
                + " client leases");
        return id;
    }
}
