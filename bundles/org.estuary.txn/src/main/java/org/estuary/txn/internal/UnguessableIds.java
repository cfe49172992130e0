package org.estuary.txn.internal;

import java.nio.ByteBuffer;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.function.LongSupplier;

/**
 * Transaction ids no caller can guess from its own (TX.2: the id alone lets a caller commit or abort, so one client
 * must not reach another's transaction): from the JDK's {@code DRBG} {@link SecureRandom} (NIST SP 800-90A, seeded
 * and reseeded by the platform), drawn {@value #BATCH} at a time, since one draw of a few bytes costs nearly what a
 * batch does and {@code create} takes an id under the lease table's lock. Thread-safe.
 */
final class UnguessableIds implements LongSupplier {

    private static final int BATCH = 64;

    private final SecureRandom random = drbg();
    private final byte[] bytes = new byte[BATCH * Long.BYTES];
    private final long[] batch = new long[BATCH];
    private int next = BATCH;

    @Override
    public synchronized long getAsLong() {
        if (next == BATCH) {
            random.nextBytes(bytes);
            ByteBuffer.wrap(bytes).asLongBuffer().get(batch);
            next = 0;
        }
        return batch[next++];
    }

    /** The DRBG; the platform's default strong source where a security policy removed it. */
    private static SecureRandom drbg() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }
}
