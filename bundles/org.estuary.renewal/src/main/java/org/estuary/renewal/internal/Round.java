package org.estuary.renewal.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jini.core.lease.Lease;

import org.estuary.io.Marshalled;
import org.estuary.store.api.Batch;

/**
 * The results of one renewal round (one {@code LeaseMap.renewAll} or one lease's renew), written as one store
 * batch: one commit covers the round instead of one per lease. Clients see a result once it is durable (LR.2):
 * the entries' recorded forms and expirations change only then. Filled and written under the state's lock (so a
 * store switch copies the state before or after these records, S8).
 */
final class Round {

    /** Records per store batch at most, so a round of a very large LeaseMap stays a modest batch. */
    static final int MAX_RECORDS = 1_000;

    private final Persistence persistence;
    private Batch.Builder batch = Batch.builder();
    private List<ClientEntry> entries = new ArrayList<>();
    /** The renewed forms of the entries that hold theirs ({@link ClientEntry#held}), else null. */
    private List<Marshalled<Lease>> forms = new ArrayList<>();
    private long[] expirations = new long[16];

    Round(Persistence persistence) {
        this.persistence = persistence;
    }

    /**
     * Under the lock: {@code entry} was renewed to {@code expiration}, marshalled as {@code form}, whose store
     * record is {@code record}.
     */
    void add(ClientEntry entry, Marshalled<Lease> form, long expiration, byte[] record) {
        batch.put(Records.LEASES, Records.key(entry.key), record);
        if (entries.size() == expirations.length) {
            expirations = Arrays.copyOf(expirations, expirations.length * 2);
        }
        expirations[entries.size()] = expiration;
        entries.add(entry);
        forms.add(entry.held != null ? form : null);
        if (entries.size() >= MAX_RECORDS) {
            write();
        }
    }

    /** Under the lock: queues what was added since the last write as one batch. */
    void write() {
        if (entries.isEmpty()) {
            return;
        }
        List<ClientEntry> written = entries;
        List<Marshalled<Lease>> writtenForms = forms;
        long[] writtenExpirations = expirations;
        Batch records = batch.build();
        batch = Batch.builder();
        entries = new ArrayList<>();
        forms = new ArrayList<>();
        expirations = new long[16];
        persistence.writeLater(records, () -> {
            // Runs in whichever thread the store acknowledges in, so it must not take the state's lock: a client
            // call holding it may be waiting for this very store's acknowledgement. Acknowledgements come in order
            // (Store S3), so the newest renewal's expiration is the last one published; a lease removed meanwhile
            // keeps the one it was removed with.
            for (int i = 0; i < written.size(); i++) {
                ClientEntry entry = written.get(i);
                if (!entry.removed) {
                    Marshalled<Lease> form = writtenForms.get(i);
                    if (form != null) {
                        entry.held = form;
                    }
                    entry.recordedExpiration = writtenExpirations[i];
                }
            }
        });
    }
}
