package org.estuary.renewal.internal;

import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

import net.jini.core.lease.Lease;

import org.estuary.remote.Callers;

/**
 * The sets and their client leases, indexed by set id, entry key and lease (for LR.2's "already in another set"
 * and "equivalent lease" rules), with what each client holds ({@link SetState#owner}: its sets, and the leases in
 * them) for the per-client quotas. Not thread-safe: read and written under the state's lock.
 */
final class SetTable {

    /** Ordered by id so the management view pages through it without copying. */
    private final NavigableMap<Long, SetState> sets = new TreeMap<>();
    private final Map<Lease, ClientEntry> byLease = new HashMap<>();
    private final Map<Long, ClientEntry> byKey = new HashMap<>();
    /** Per client: its sets, and the client leases in them. */
    private final Callers.Counts setsHeld = new Callers.Counts();
    private final Callers.Counts leasesHeld = new Callers.Counts();
    private long nextKey = 1;
    /** Told of every entry that leaves the table: the scheduler's agenda forgets it ({@link #whenRemoved}). */
    private Consumer<ClientEntry> removed = entry -> { };

    /** {@code listener} is told of every entry that leaves the table from now on (the scheduler, once). */
    void whenRemoved(Consumer<ClientEntry> listener) {
        removed = Objects.requireNonNull(listener, "listener");
    }

    /** LR.2: {@code NoSuchObjectException} for a set that is gone. */
    SetState require(long setId) throws NoSuchObjectException {
        SetState set = sets.get(setId);
        if (set == null || set.gone()) {
            throw new NoSuchObjectException("lease renewal set " + setId + " no longer exists");
        }
        return set;
    }

    SetState get(long setId) {
        return sets.get(setId);
    }

    void addSet(SetState set) {
        sets.put(set.setId, set);
        count(set.owner, 1, 0);
    }

    /** Takes the set and all its entries out; returns the entries. */
    List<ClientEntry> removeSet(SetState set) {
        if (sets.remove(set.setId, set)) {
            count(set.owner, -1, -set.entries.size());
        }
        List<ClientEntry> entries = new ArrayList<>(set.entries.values());
        for (ClientEntry entry : entries) {
            remove(entry); // its set is out of the table: the set keeps its entries
        }
        return entries;
    }

    /** The sets {@code client} holds. */
    int setsOf(String client) {
        return setsHeld.of(client);
    }

    /** The client leases in the sets {@code client} holds. */
    int leasesOf(String client) {
        return leasesHeld.of(client);
    }

    private void count(String client, int sets, int leases) {
        setsHeld.add(client, sets);
        leasesHeld.add(client, leases);
    }

    int setCount() {
        return sets.size();
    }

    int leaseCount() {
        return byKey.size();
    }

    List<SetState> sets() {
        return new ArrayList<>(sets.values());
    }

    ClientEntry find(Lease lease) {
        return byLease.get(lease);
    }

    long newKey() {
        return nextKey++;
    }

    void add(ClientEntry entry) {
        SetState set = sets.get(entry.setId);
        Long key = entry.key; // boxed once: both maps share it, one Long less per client lease (heap)
        if (set.entries.put(key, entry) == null) {
            count(set.owner, 0, 1);
        }
        byKey.put(key, entry);
        if (entry.live != null) {
            byLease.put(entry.live, entry);
        }
        nextKey = Math.max(nextKey, entry.key + 1);
    }

    /** A live copy became available (after a restart) for an entry held only marshalled. */
    void indexLive(ClientEntry entry) {
        if (entry.live != null && !entry.removed) {
            byLease.putIfAbsent(entry.live, entry);
        }
    }

    void remove(ClientEntry entry) {
        entry.removed = true;
        entry.version++;
        SetState set = sets.get(entry.setId);
        if (set != null && set.entries.remove(entry.key) != null) {
            count(set.owner, 0, -1);
        }
        byKey.remove(entry.key);
        if (entry.live != null) {
            byLease.remove(entry.live, entry);
        }
        removed.accept(entry);
    }

    /** An entry that left its set comes back (its removal was not recorded). */
    void restore(ClientEntry entry) {
        entry.removed = false;
        entry.version++;
        add(entry);
    }

    /** The sets in id order, live view; for the management view only. */
    NavigableMap<Long, SetState> ordered() {
        return sets;
    }
}
