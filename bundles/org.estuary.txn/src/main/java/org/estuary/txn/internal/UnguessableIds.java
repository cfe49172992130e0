package org.estuary.txn.internal;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
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
 * the JDK's default DRBG (Hash_DRBG, SHA-256) drawn for every id cost a ninth of a one-participant commit.
 *
 * <p>Thread-safe, and the threads creating transactions at once (the lease table draws an id in each grant) do not
 * wait for each other: the ids are drawn {@value #BATCH} at a time into a block whose next id a thread takes with
 * one atomic increment. The thread that takes the middle id of a block draws the block after it, under the lock,
 * while the others go on taking the second half; the thread that finds a block used up moves to the block drawn
 * after it with one compare-and-set. Only a thread that uses up a block before its successor is drawn (half a block
 * taken during one draw) waits for the lock.
 */
final class UnguessableIds implements LongSupplier {

    private static final int BATCH = 256;
    private static final long BYTES_PER_KEY = 1L << 24;

    /**
     * {@value #BATCH} ids, the index of the next one to take (taken past its end, the block is used up) and the block
     * drawn to follow it (null until drawn).
     */
    private record Block(long[] ids, AtomicInteger next, AtomicReference<Block> successor) {
        Block(long[] ids) {
            this(ids, new AtomicInteger(), new AtomicReference<>());
        }
    }

    // The keystream and its key, written under this object's lock.
    private final SecureRandom seed = drbg();
    private final byte[] zeros = new byte[BATCH * Long.BYTES];
    private final byte[] stream = new byte[BATCH * Long.BYTES];
    private Cipher keystream;
    private long bytesUnderKey;
    /** The block ids are taken from; replaced only by the block drawn to follow it. */
    private final AtomicReference<Block> current = new AtomicReference<>(new Block(new long[0]));

    @Override
    public long getAsLong() {
        while (true) {
            Block block = current.get();
            int next = block.next.getAndIncrement();
            if (next < block.ids.length) {
                if (next == block.ids.length / 2) {
                    successorOf(block); // drawn while the other threads take the second half
                }
                return block.ids[next];
            }
            current.compareAndSet(block, successorOf(block));
        }
    }

    /** The block drawn to follow {@code block}, drawn now if it was not. */
    private Block successorOf(Block block) {
        Block successor = block.successor.get();
        return successor != null ? successor : drawSuccessor(block);
    }

    private synchronized Block drawSuccessor(Block block) {
        Block successor = block.successor.get();
        if (successor == null) {
            successor = new Block(draw());
            block.successor.set(successor);
        }
        return successor;
    }

    /** The next {@value #BATCH} ids of the keystream. */
    private long[] draw() {
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
        long[] ids = new long[BATCH];
        ByteBuffer.wrap(stream).asLongBuffer().get(ids);
        return ids;
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
