package org.estuary.store.api;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's persistent id in its store: one record, key {@value #KEY} in a space of the service's own, holding the
 * id as text. The id is what every proxy the service ever handed out names (its backend is exported under it), so it
 * is made once, on the service's first start on an empty store, durable before the service serves, and read back on
 * every later start; the copy of a service's state into a new store (S8) carries it.
 */
@ProviderType
public final class ServiceIdRecord {

    /** The record's key in the service's space. */
    public static final String KEY = "id";

    private ServiceIdRecord() {
    }

    /**
     * The service's id from {@code store}: the one recorded in {@code space}, or, when there is none, a new random
     * id, written and durable before this returns.
     *
     * @param service names the service in messages ("event mailbox")
     * @param timeoutMillis how long writing a new id may wait for its acknowledgement
     * @throws StoreException if the store cannot be read or the new id not made durable, or
     *     {@link StoreException.Reason#CORRUPT} if the recorded id does not parse (then the message says what an
     *     operator does: a new id would leave every proxy clients hold pointing at nothing)
     * @throws InterruptedException if interrupted while waiting for the new id to be durable
     */
    public static UUID recover(String service, Store store, String space, long timeoutMillis)
            throws StoreException, InterruptedException {
        byte[][] found = new byte[1][];
        store.scan(space, (key, value) -> {
            if (KEY.equals(key)) {
                found[0] = value;
            }
        });
        if (found[0] != null) {
            return decode(service, store, space, found[0]);
        }
        UUID id = UUID.randomUUID();
        store.applyAndWait(put(Batch.builder(), space, id).build(), timeoutMillis, TimeUnit.MILLISECONDS);
        return id;
    }

    /** Adds the record of {@code id} in {@code space} to {@code batch} (the copy of the state into a new store). */
    public static Batch.Builder put(Batch.Builder batch, String space, UUID id) {
        return batch.put(space, KEY, id.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static UUID decode(String service, Store store, String space, byte[] value) throws StoreException {
        String text = new String(value, StandardCharsets.UTF_8);
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new StoreException(StoreException.Reason.CORRUPT, service + ": its id record (space " + space
                    + ", key " + KEY + ") in the " + store.stats().type() + " store is not an id (" + value.length
                    + " bytes); restore the store from a backup: a new id would leave every proxy its clients hold "
                    + "pointing at nothing", e, false);
        }
    }
}
