package org.estuary.store.api;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Where a service persists its state: records keyed by (space, key) with opaque byte values, written in atomic
 * batches that are acknowledged when durable, and read back by a scan when the service activates.
 *
 * <p>Backends implement this interface and register it as an OSGi service with the {@value #TYPE} property
 * ({@value #TYPE_MEMORY}, {@value #TYPE_ROCKSDB} or {@value #TYPE_JDBC}); services only call it, so it is a
 * provider type: a new method in a minor version binds backends, not services. A service names its reference
 * {@value #REFERENCE} (greedy, dynamic, single), exposes {@value #TARGET} in its configuration and reads the
 * reference once per operation. With the default target {@code (store.type=*)} a service uses the best-ranked
 * store: the backends register with {@code service.ranking} memory 0, rocksdb 10 (the embedded persistent store,
 * the default), jdbc 20 (a configuration can override it), so installing a persistent store moves services onto it
 * (S8). Services share a store; each uses its own spaces, prefixed with its name ({@code "renewal/sets"},
 * {@code "mailbox/registrations"}).
 *
 * <h2>Contract (checked by the conformance suite in this module's test jar)</h2>
 * <ol>
 * <li><b>S1 Atomicity.</b> A batch takes effect entirely or not at all: in scans, after a restart and when it
 * fails, wherever in the batch the cause lies. A batch that failed with
 * {@link StoreException#outcomeUnknown()} may still show up later, but then entirely.</li>
 * <li><b>S2 Order.</b> Batches take effect in one total order, the order in which {@link #apply} accepted them;
 * a batch applied after another's {@code apply} returned comes after it, so the later batch wins per key. Within
 * a batch, operations take effect in their order.</li>
 * <li><b>S3 Acknowledgement.</b> The stage {@link #apply} returns completes normally only when the batch is
 * durable in this store: kept in the store's memory for the life of its bundle (memory), synced to disk
 * (rocksdb), committed (jdbc). Acknowledgements come in acceptance order: when a batch is acknowledged, every
 * batch accepted before it has completed too. Every accepted stage completes, also when the store closes. A
 * store failure never throws from {@code apply}; it fails the stage with a {@link StoreException}.</li>
 * <li><b>S4 Scan.</b> {@link #scan} visits the records of one space as of one moment between its call and its
 * return: every batch acknowledged before the call is visible, every batch is seen entirely or not at all.
 * The order of the visit is unspecified.</li>
 * <li><b>S5 Bounds and back-pressure.</b> A backend queues at most a configured number of batches or bytes.
 * When its queue is full, {@code apply} blocks the calling thread for at most the backend's configured admission
 * time and then fails the stage with {@link StoreException.Reason#OVERLOADED}; it never waits longer and never
 * queues without bound. A batch that would take the store beyond its capacity fails with
 * {@link StoreException.Reason#FULL}; a batch that does not grow the store (deletes, clears, replacing a value
 * with one no larger) is accepted even when the store is full, so room can always be made.</li>
 * <li><b>S6 Failures.</b> Failures carry a {@link StoreException.Reason} and a message naming the cause and the
 * remedy. The store stays usable after a failure: once the cause is gone, later batches succeed, and what was
 * acknowledged before is intact.</li>
 * <li><b>S7 Closing.</b> When the backend's component deactivates, batches it accepted are acknowledged or
 * failed with {@link StoreException.Reason#CLOSED}; afterwards {@code apply} fails with {@code CLOSED} and
 * {@link #scan} and {@link #spaces} throw it. {@link #stats} keeps answering.</li>
 * <li><b>S8 Switching stores.</b> A service switches to a new store (its {@code store.target} changed, or a
 * better-ranked store arrived) without losing anything: it stops acknowledging mutations (holds its write lock),
 * applies to the new store one batch that {@linkplain Batch.Builder#clear clears} each of its spaces and puts
 * every record of its current in-memory state, waits for that batch's acknowledgement, then makes the new store
 * the one it writes through and resumes. The copy comes from the service's own state, not from the old store, so
 * it works when the old store is already gone; if the copy fails the service keeps its old store where it still
 * can, or refuses mutations until a store accepts the copy. A store too small for the whole state fails the copy
 * with {@link StoreException.Reason#TOO_LARGE} or {@code FULL} and nothing changes.</li>
 * <li><b>S9 Record size.</b> Every backend, with its default configuration and any it accepts, stores a value of
 * {@link #MAX_VALUE_BYTES} under the longest space and key. Services refuse a record larger than that before it
 * reaches a store ({@link WritePath}), so what a client hands a service (a handback, a lease, a listener) is weighed
 * against the same limit whichever store is bound.</li>
 * </ol>
 */
@ProviderType
public interface Store {

    /** The service property by which a backend names itself and a service's {@value #TARGET} selects it. */
    String TYPE = "store.type";

    /** {@value #TYPE} of the volatile store ({@code org.estuary.store.memory}). */
    String TYPE_MEMORY = "memory";

    /** {@value #TYPE} of the embedded persistent store, on RocksDB ({@code org.estuary.store.rocksdb}). */
    String TYPE_ROCKSDB = "rocksdb";

    /** {@value #TYPE} of the PostgreSQL store ({@code org.estuary.store.jdbc}). */
    String TYPE_JDBC = "jdbc";

    /**
     * The largest value of one record that every store takes (S9): 512 KiB. It is also the array memory the
     * serialization filter lets a stream's first object take ahead of its data ({@code maxArrayMemory} of
     * {@code org.estuary.io.SerialFilter}), so an object a record can hold arrives whole.
     */
    int MAX_VALUE_BYTES = 512 * 1024;

    /** The name services give their reference to a store. */
    String REFERENCE = "store";

    /**
     * The configuration property that selects a service's store, an LDAP filter such as
     * {@code (store.type=rocksdb)}.
     */
    String TARGET = REFERENCE + ".target";

    /**
     * Accepts a batch and returns the stage its acknowledgement completes (S1, S2, S3). The stage fails with a
     * {@link StoreException} when the batch cannot be made durable; callbacks attached to it may run in the
     * calling thread (when the store completes at once), in one of the store's threads or in the thread of another
     * caller that wrote the batch's group, so they must be short.
     * An empty batch is acknowledged without changing anything.
     *
     * <p>May block for the backend's bounded admission time when its queue is full (S5).
     *
     * @throws NullPointerException if batch is null
     */
    CompletionStage<Void> apply(Batch batch);

    /**
     * Passes each record of {@code space} to {@code visitor}, in the calling thread, with the key and a fresh copy
     * of the value the visitor may keep (S4). A space without records is visited as empty. An exception the
     * visitor throws stops the scan and propagates unchanged. The visitor must not wait for the acknowledgement of
     * a batch it applies to this store during the scan.
     *
     * @throws StoreException if the store is closed or cannot read (a corrupt record is reported, never skipped)
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if space breaks the {@link Names} rules
     */
    void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException;

    /**
     * The spaces that hold at least one record, as of one moment (S4); an unmodifiable set.
     *
     * @throws StoreException if the store is closed or cannot read
     */
    Set<String> spaces() throws StoreException;

    /** A snapshot of this store's contents, limits, commit latency and failures; answers also when closed. */
    StoreStats stats();

    /**
     * Queues a batch as {@link #apply} does, for a caller that waits for it later with {@link Submission#await}
     * (after releasing its own lock): a backend may then write and sync it in that waiting thread instead of handing
     * it to a thread of its own. A caller that does not wait uses {@link #apply}. The default waits on the stage.
     *
     * @throws NullPointerException if batch is null
     */
    default Submission submit(Batch batch) {
        CompletionStage<Void> stage = apply(batch);
        return new Submission() {
            @Override
            public CompletionStage<Void> stage() {
                return stage;
            }

            @Override
            public void await(long timeout, TimeUnit unit) throws StoreException, InterruptedException {
                Store.await(Store.this, stage, timeout, unit);
            }
        };
    }

    /**
     * Applies a batch and waits at most {@code timeout} for its acknowledgement: the blocking form a service uses
     * before it answers its caller.
     *
     * @throws StoreException if the batch failed, or with {@link StoreException.Reason#UNAVAILABLE} and an unknown
     *         outcome if no acknowledgement came in time
     * @throws InterruptedException if the thread was interrupted while waiting (the outcome is then unknown)
     * @throws NullPointerException if batch or unit is null
     * @throws IllegalArgumentException if timeout is negative
     */
    default void applyAndWait(Batch batch, long timeout, TimeUnit unit) throws StoreException, InterruptedException {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(unit, "unit");
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        await(this, apply(batch), timeout, unit);
    }

    /** Waits at most {@code timeout} for {@code stage} of {@code store}'s batch; its failure as a StoreException. */
    private static void await(Store store, CompletionStage<Void> stage, long timeout, TimeUnit unit)
            throws StoreException, InterruptedException {
        try {
            stage.toCompletableFuture().get(timeout, unit);
        } catch (ExecutionException e) {
            throw StoreException.from(e);
        } catch (TimeoutException e) {
            throw new StoreException(StoreException.Reason.UNAVAILABLE, store.stats().type()
                    + " store did not acknowledge a batch within " + timeout + " " + unit.toString().toLowerCase()
                    + "; it may still become durable", e, true);
        }
    }
}
