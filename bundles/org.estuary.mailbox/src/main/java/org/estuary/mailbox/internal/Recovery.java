package org.estuary.mailbox.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import net.jini.core.lease.LeaseDeniedException;

import org.estuary.store.api.Batch;
import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * Rebuilds an event mailbox from its store on activation (EM.3, EM.4.1, EM.6, EM.7.1: registrations, listeners,
 * unknown-event lists and stored events survive restarts and crashes): the service id, the registrations (their
 * leases back into the lease table; overdue ones end at once), their targets (unmarshalled where their classes
 * resolve; otherwise push delivery stays off with the reason shown) and their events in arrival order. A record
 * that does not parse is logged and kept in the store.
 */
final class Recovery {

    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final MailboxState state;

    Recovery(MailboxState state) {
        this.state = state;
    }

    /** Runs under the state's lock; returns the service id. */
    UUID run() throws IOException {
        try {
            return scan();
        } catch (StoreException e) {
            throw new IOException("event mailbox cannot read its store: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the event mailbox recovered", e);
        }
    }

    private UUID scan() throws IOException, StoreException, InterruptedException {
        Store store = state.store.adopt();
        UUID id = ServiceIdRecord.recover("event mailbox", store, Records.SERVICE, state.settings.writeTimeoutMillis);
        List<String> failures = new ArrayList<>();
        Map<Long, Registration> found = new HashMap<>();
        store.scan(Records.REGISTRATIONS, (key, value) -> {
            try {
                long registrationId = Long.parseLong(key);
                found.put(registrationId, state.records.decodeRegistration(registrationId, value));
            } catch (IOException | RuntimeException e) {
                keep(Records.REGISTRATIONS, key, value);
                failures.add("registration record " + key + ": " + e);
            }
        });
        Batch.Builder orphans = Batch.builder();
        store.scan(Records.EVENTS, (key, value) -> {
            try {
                int dot = key.indexOf('.');
                Registration r = found.get(Long.parseLong(key.substring(0, dot)));
                if (r == null) {
                    orphans.delete(Records.EVENTS, key); // its registration's deletion was cut short
                    return;
                }
                r.events.add(state.records.decodeEvent(Long.parseLong(key.substring(dot + 1)), value));
            } catch (IOException | RuntimeException e) {
                keep(Records.EVENTS, key, value);
                failures.add("event record " + key + ": " + e);
            }
        });
        for (Registration r : found.values()) {
            List<StoredEvent> events = new ArrayList<>(r.events);
            events.sort(Comparator.comparingLong(event -> event.arrival));
            r.events.clear();
            r.events.addAll(events);
            for (StoredEvent event : events) {
                r.bytes += event.size;
                r.nextArrival = Math.max(r.nextArrival, event.arrival + 1);
            }
            state.totalBytes += r.bytes;
            if (r.targetForm != null) {
                try {
                    r.target = state.marshaller.unmarshal(r.targetForm);
                } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                    r.lastFailure = "the target listener cannot be read back after a restart: " + e
                            + "; push delivery stays off until the client enables it again";
                    failures.add(r + ": " + r.lastFailure);
                }
            }
            state.registrations.put(r.id, r);
            try {
                state.leases.restore(r.id, r, r.expiration); // an overdue lease ends through the listener
            } catch (LeaseDeniedException | IllegalArgumentException e) {
                failures.add(r + " cannot be restored: " + e);
            }
        }
        state.writeLater(orphans.build());
        for (String failure : failures) {
            LOG.log(System.Logger.Level.WARNING, "event mailbox could not recover a record (it is kept in the "
                    + "store): " + failure);
        }
        return id;
    }

    private void keep(String space, String key, byte[] value) {
        state.unreadable.computeIfAbsent(space, s -> new ConcurrentHashMap<>()).put(key, value);
    }
}
