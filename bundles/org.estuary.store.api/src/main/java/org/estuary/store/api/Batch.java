package org.estuary.store.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An ordered list of puts, deletes and clears that a {@link Store} applies all or nothing (Store S1).
 *
 * <p>A batch is immutable: {@link Builder#build()} copies what the builder holds, and every value was copied when
 * it was added, so neither the caller changing its arrays afterwards nor the builder being reused can change a
 * batch that was built, applied or is still queued in a backend. Within a batch the operations take effect in
 * order, so the last operation on a (space, key) decides what the batch leaves there.
 *
 * <pre>{@code
 * store.apply(Batch.builder()
 *         .put("renewal/sets", setId, encodedSet)
 *         .delete("renewal/leases", leaseId)
 *         .build());
 * }</pre>
 */
@ProviderType
public final class Batch {

    private static final Batch EMPTY = new Batch(List.of(), 0);

    private final List<Operation> operations;
    private final long bytes;

    private Batch(List<Operation> operations, long bytes) {
        this.operations = operations;
        this.bytes = bytes;
    }

    /** A new, empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The operations in the order they take effect; an unmodifiable list. */
    public List<Operation> operations() {
        return operations;
    }

    /** The number of operations. */
    public int size() {
        return operations.size();
    }

    /** Whether this batch has no operations (a store acknowledges it without changing anything). */
    public boolean isEmpty() {
        return operations.isEmpty();
    }

    /**
     * The sum of {@link Operation#size()} over the puts: what a backend weighs against its queue and batch size
     * limits before it looks at what the batch would replace.
     */
    public long bytes() {
        return bytes;
    }

    @Override
    public String toString() {
        return "Batch[" + operations.size() + " operations, " + bytes + " bytes]";
    }

    /** Collects operations for one batch. Not thread-safe; may be reused after {@link #build()}. */
    @ProviderType
    public static final class Builder {

        private final List<Operation> operations = new ArrayList<>();
        private long bytes;

        private Builder() {
        }

        /**
         * Adds a put of a copy of {@code value} at (space, key).
         *
         * @throws NullPointerException if an argument is null
         * @throws IllegalArgumentException if space or key breaks the {@link Names} rules
         */
        public Builder put(String space, String key, byte[] value) {
            return add(Operation.put(space, key, value, false));
        }

        /**
         * Adds a put of a copy of {@code value} at (space, key) where the caller knows that the store holds no
         * record before this batch (a key made from a number the service never hands out twice, say a mailbox's
         * arrival number). It applies as {@link #put} does, after this batch's earlier operations as always; a
         * backend may skip looking the key up in what it holds ({@link Operation#fresh()}), which spares a point
         * read per record on the write path. If the store held a record there after all, it is replaced as by
         * {@code put}, and the backend's record and byte counts may overstate what it holds (so that it refuses a
         * batch as {@code FULL} early) until it opens again and counts afresh.
         *
         * @throws NullPointerException if an argument is null
         * @throws IllegalArgumentException if space or key breaks the {@link Names} rules
         */
        public Builder putNew(String space, String key, byte[] value) {
            return add(Operation.put(space, key, value, true));
        }

        private Builder add(Operation put) {
            operations.add(put);
            bytes += put.size();
            return this;
        }

        /**
         * Adds a delete of (space, key); deleting a record that does not exist is no error.
         *
         * @throws NullPointerException if an argument is null
         * @throws IllegalArgumentException if space or key breaks the {@link Names} rules
         */
        public Builder delete(String space, String key) {
            operations.add(Operation.delete(space, key));
            return this;
        }

        /**
         * Adds the removal of every record of {@code space} as it stands at this point of the batch.
         *
         * @throws NullPointerException if space is null
         * @throws IllegalArgumentException if space breaks the {@link Names} rules
         */
        public Builder clear(String space) {
            operations.add(Operation.clear(space));
            return this;
        }

        /** The number of operations added so far. */
        public int size() {
            return operations.size();
        }

        /** An immutable batch of the operations added so far; the builder keeps them and may go on. */
        public Batch build() {
            if (operations.isEmpty()) {
                return EMPTY;
            }
            return new Batch(Collections.unmodifiableList(new ArrayList<>(operations)), bytes);
        }
    }
}
