package org.estuary.txn.participant;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.io.Marshaller;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * A participant's durable side (TX.2.6, TX.2.8): the record of changes it must be able to roll forward, written
 * before it votes PREPARED and deleted once it heard the outcome, and its crash count (TX.2.3), on any Estuary store.
 *
 * <p>Records live in {@code space} (the participant's own, such as {@code "myservice/prepared"}); the crash count in
 * {@code space + "/crash"}. A store that keeps its records across restarts (rocksdb, jdbc) keeps the crash count too,
 * so a participant that recovers its prepared transactions joins with the same count; a store that loses them
 * (memory) loses the count with them, and the next {@link #open} draws a new one, as TX.2.3 asks.
 *
 * <p>On recovery, {@link #recorded()} lists every PREPARED transaction; for each, {@link RollDecision#of} tells
 * whether to roll forward or back (TX.2.8.1). Thread-safe.
 */
@org.osgi.annotation.versioning.ProviderType
public final class PrepareLog {

    /** One PREPARED transaction as recorded: its manager, its id and the participant's changes. */
    @org.osgi.annotation.versioning.ProviderType
    public record Prepared(TransactionManager mgr, long id, byte[] changes) {
    }

    private static final String CRASH_KEY = "count";

    private final Store store;
    private final String space;
    private final Marshaller marshaller;
    private final long timeoutMillis;
    private final long crashCount;
    /** Record key by transaction, for the records written or read by this log. */
    private final Map<ServerTransaction, String> keys = new HashMap<>();

    private PrepareLog(Store store, String space, Marshaller marshaller, long timeoutMillis, long crashCount) {
        this.store = store;
        this.space = space;
        this.marshaller = marshaller;
        this.timeoutMillis = timeoutMillis;
        this.crashCount = crashCount;
    }

    /**
     * Opens the log in {@code space} of {@code store}: reads its crash count, or draws and writes a new one.
     *
     * @param timeoutMillis how long a write waits for the store's acknowledgement
     * @throws StoreException if the store cannot read or write
     * @throws IllegalArgumentException if {@code space} breaks the store's naming rules
     */
    public static PrepareLog open(Store store, String space, Marshaller marshaller, long timeoutMillis)
            throws StoreException, InterruptedException {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(marshaller, "marshaller");
        long[] count = {0};
        boolean[] found = {false};
        store.scan(space + "/crash", (key, value) -> {
            if (key.equals(CRASH_KEY) && value.length == 8) {
                count[0] = ByteBuffer.wrap(value).getLong();
                found[0] = true;
            }
        });
        if (!found[0]) {
            count[0] = new SecureRandom().nextLong();
            store.applyAndWait(Batch.builder().put(space + "/crash", CRASH_KEY,
                    ByteBuffer.allocate(8).putLong(count[0]).array()).build(), timeoutMillis, TimeUnit.MILLISECONDS);
        }
        return new PrepareLog(store, space, marshaller, timeoutMillis, count[0]);
    }

    /** The crash count to join transactions with (TX.2.3): the same as long as the store keeps this log. */
    public long crashCount() {
        return crashCount;
    }

    /**
     * Records {@code changes} for transaction {@code id} of {@code mgr} and returns once they are durable: call it
     * before answering PREPARED (TX.2.8: the participant's commit point).
     *
     * @throws IOException if {@code mgr} cannot be serialized (a manager's proxy or stub can)
     * @throws StoreException if the store did not make the record durable; do not vote PREPARED then
     */
    public void prepared(TransactionManager mgr, long id, byte[] changes)
            throws IOException, StoreException, InterruptedException {
        byte[] manager = marshaller.marshal(mgr);
        ByteBuffer value = ByteBuffer.allocate(4 + manager.length + 8 + changes.length);
        value.putInt(manager.length).put(manager).putLong(id).put(changes);
        String key;
        synchronized (keys) {
            key = keys.computeIfAbsent(new ServerTransaction(mgr, id), t -> UUID.randomUUID().toString());
        }
        store.applyAndWait(Batch.builder().put(space, key, value.array()).build(), timeoutMillis,
                TimeUnit.MILLISECONDS);
    }

    /**
     * Deletes the record of transaction {@code id} of {@code mgr}, once its changes are rolled forward or back.
     *
     * @throws StoreException if the store did not make the deletion durable (the record then comes back on
     *     recovery, and the roll decision is taken again: rolling forward or back twice must be harmless)
     */
    public void completed(TransactionManager mgr, long id) throws StoreException, InterruptedException {
        String key;
        synchronized (keys) {
            key = keys.remove(new ServerTransaction(mgr, id));
        }
        if (key != null) {
            store.applyAndWait(Batch.builder().delete(space, key).build(), timeoutMillis, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Every transaction recorded as PREPARED and not completed: what recovery makes a roll decision for.
     *
     * @throws IOException if a record cannot be read (its manager's classes missing or refused by the marshaller's
     *     allowlist): the message names the record; nothing is deleted
     */
    public List<Prepared> recorded() throws StoreException, IOException {
        List<Prepared> result = new ArrayList<>();
        IOException[] failure = {null};
        store.scan(space, (key, value) -> {
            try {
                ByteBuffer buffer = ByteBuffer.wrap(value);
                byte[] manager = new byte[buffer.getInt()];
                buffer.get(manager);
                long id = buffer.getLong();
                byte[] changes = new byte[buffer.remaining()];
                buffer.get(changes);
                TransactionManager mgr = marshaller.unmarshal(manager, TransactionManager.class);
                synchronized (keys) {
                    keys.put(new ServerTransaction(mgr, id), key);
                }
                result.add(new Prepared(mgr, id, changes));
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                if (failure[0] == null) {
                    failure[0] = new IOException("prepare record " + key + " in " + space + " cannot be read: " + e,
                            e);
                }
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        return result;
    }
}
