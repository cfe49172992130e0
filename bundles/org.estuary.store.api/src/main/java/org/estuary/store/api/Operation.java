package org.estuary.store.api;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One step of a {@link Batch}: put a record, delete a record, or clear a whole space. Immutable; the value is a
 * private copy made when the operation was added to its batch.
 */
@ProviderType
public final class Operation {

    /** What an operation does. */
    public enum Kind {
        /** Create or replace the record at (space, key) with the value. */
        PUT,
        /** Remove the record at (space, key) if there is one. */
        DELETE,
        /**
         * Remove every record of the space as it stands at this point of the batch (records put earlier in the
         * same batch included, later ones kept): with the puts that follow it, a service replaces its whole state
         * atomically, which is how it copies itself into a new store (Store S8).
         */
        CLEAR
    }

    private final Kind kind;
    private final String space;
    private final String key;
    private final byte[] value;
    private final int size;
    private final boolean fresh;

    private Operation(Kind kind, String space, String key, byte[] value, boolean fresh) {
        this.kind = kind;
        this.space = space;
        this.key = key;
        this.value = value;
        this.size = value == null ? 0 : Names.utf8Length(key) + value.length;
        this.fresh = fresh;
    }

    static Operation put(String space, String key, byte[] value, boolean fresh) {
        Names.requireSpace(space);
        Names.requireKey(key);
        Objects.requireNonNull(value, "value");
        return new Operation(Kind.PUT, space, key, value.clone(), fresh);
    }

    static Operation delete(String space, String key) {
        return new Operation(Kind.DELETE, Names.requireSpace(space), Names.requireKey(key), null, false);
    }

    static Operation clear(String space) {
        return new Operation(Kind.CLEAR, Names.requireSpace(space), null, null, false);
    }

    /** What this operation does. */
    public Kind kind() {
        return kind;
    }

    /** The space this operation changes. */
    public String space() {
        return space;
    }

    /** The key of a {@code PUT} or {@code DELETE}; null for {@code CLEAR}. */
    public String key() {
        return key;
    }

    /** A fresh copy of the value of a {@code PUT}; null for the other kinds. */
    public byte[] value() {
        return value == null ? null : value.clone();
    }

    /** The length of the value of a {@code PUT}; 0 for the other kinds. */
    public int valueLength() {
        return value == null ? 0 : value.length;
    }

    /**
     * Whether this is a {@code PUT} its caller added with {@link Batch.Builder#putNew}: the store held no record at
     * (space, key) before the batch. A backend may then skip looking the key up in what it holds (the record and
     * byte counts it keeps are measured that way); what the batch's own earlier operations left at the key still
     * counts. It applies the put the same either way.
     */
    public boolean fresh() {
        return fresh;
    }

    /**
     * The logical size of the record a {@code PUT} writes: the key's UTF-8 length plus the value's length (0 for
     * the other kinds). Every backend counts {@link StoreStats#bytes()} and its byte limits in this unit, so that
     * numbers compare across backends whatever their own overhead.
     */
    public int size() {
        return size;
    }

    @Override
    public String toString() {
        switch (kind) {
            case PUT:
                return (fresh ? "PUT (new) " : "PUT ") + space + " " + key + " (" + value.length + " bytes)";
            case DELETE:
                return "DELETE " + space + " " + key;
            default:
                return "CLEAR " + space;
        }
    }
}
