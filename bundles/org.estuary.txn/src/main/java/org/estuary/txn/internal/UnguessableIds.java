package org.estuary.txn.internal;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.function.LongSupplier;

import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Transaction ids no caller can guess from its own (TX.2: the id alone lets a caller commit or abort, so one client
 * must not reach another's transaction): the AES-128 keystream of a counter (AES in CTR mode over zeros) under a key
 * and a starting counter drawn from the JDK's {@code DRBG} {@link SecureRandom}, which is the generation step of
 * NIST SP 800-90A's CTR_DRBG. A new key is drawn after {@value #BYTES_PER_KEY} bytes, so ids made under one key say
 * nothing of those made under the next. The keystream comes from the processor's AES instructions where it has them:
 * the JDK's default DRBG (Hash_DRBG, SHA-256) drawn for every id cost a ninth of a one-participant commit. Drawn
 * {@value #BATCH} at a time, since {@code create} takes an id under the lease table's lock. Thread-safe.
 */
final class UnguessableIds implements LongSupplier {

    private static final int BATCH = 256;
    private static final long BYTES_PER_KEY = 1L << 24;

    private final SecureRandom seed = drbg();
    private final byte[] zeros = new byte[BATCH * Long.BYTES];
    private final byte[] stream = new byte[BATCH * Long.BYTES];
    private final long[] batch = new long[BATCH];
    private Cipher keystream;
    private long bytesUnderKey;
    private int next = BATCH;

    @Override
    public synchronized long getAsLong() {
        if (next == BATCH) {
            refill();
        }
        return batch[next++];
    }

    private void refill() {
        if (keystream == null || bytesUnderKey >= BYTES_PER_KEY) {
            rekey();
        }
        try {
            // CTR is a stream mode: every input byte gives one output byte at once
            int made = keystream.update(zeros, 0, zeros.length, stream, 0);
            if (made != stream.length) {
                throw new IllegalStateException("AES/CTR gave " + made + " bytes of keystream for " + stream.length);
            }
        } catch (ShortBufferException e) {
            throw new IllegalStateException("AES/CTR wants more room than its input", e);
        }
        bytesUnderKey += stream.length;
        ByteBuffer.wrap(stream).asLongBuffer().get(batch);
        next = 0;
    }

    private void rekey() {
        byte[] key = new byte[16];
        byte[] counter = new byte[16];
        seed.nextBytes(key);
        seed.nextBytes(counter);
        try {
            Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(counter));
            keystream = cipher;
        } catch (GeneralSecurityException e) {
            // AES is one of the ciphers every Java platform must have
            throw new IllegalStateException("this Java runtime offers no AES/CTR/NoPadding cipher", e);
        }
        bytesUnderKey = 0;
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
