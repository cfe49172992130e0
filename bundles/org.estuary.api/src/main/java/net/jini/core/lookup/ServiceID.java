package net.jini.core.lookup;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The 128-bit universally unique identifier of a service, assigned once and kept for the service's life (the key
 * of the groups map of a {@code RemoteDiscoveryEvent}, LD.4.2.1). Serial form, as published for Jini 2.x: the two
 * longs {@code mostSig} and {@code leastSig}.
 */
@ProviderType
public final class ServiceID implements Serializable {

    private static final long serialVersionUID = -7803375959559762239L;

    /**
     * The most significant 64 bits.
     *
     * @serial
     */
    private final long mostSig;

    /**
     * The least significant 64 bits.
     *
     * @serial
     */
    private final long leastSig;

    /**
     * Creates an identifier from its two halves.
     *
     * @param mostSig the most significant 64 bits
     * @param leastSig the least significant 64 bits
     */
    public ServiceID(long mostSig, long leastSig) {
        this.mostSig = mostSig;
        this.leastSig = leastSig;
    }

    /**
     * Reads an identifier in the 16-byte form written by {@link #writeBytes}: the most significant long first.
     *
     * @param in the input to read from
     * @throws IOException if the input fails or ends early
     */
    public ServiceID(DataInput in) throws IOException {
        this.mostSig = in.readLong();
        this.leastSig = in.readLong();
    }

    /**
     * Returns the most significant 64 bits.
     *
     * @return the high half
     */
    public long getMostSignificantBits() {
        return mostSig;
    }

    /**
     * Returns the least significant 64 bits.
     *
     * @return the low half
     */
    public long getLeastSignificantBits() {
        return leastSig;
    }

    /**
     * Writes the identifier as 16 bytes, most significant long first (the form the discovery protocols carry).
     *
     * @param out the output to write to
     * @throws IOException if the output fails
     */
    public void writeBytes(DataOutput out) throws IOException {
        out.writeLong(mostSig);
        out.writeLong(leastSig);
    }

    @Override
    public int hashCode() {
        return (int) ((mostSig >>> 32) ^ mostSig ^ (leastSig >>> 32) ^ leastSig);
    }

    /** Two identifiers are equal when all 128 bits are equal. */
    @Override
    public boolean equals(Object obj) {
        if (obj == this) {
            return true;
        }
        if (!(obj instanceof ServiceID)) {
            return false;
        }
        ServiceID other = (ServiceID) obj;
        return mostSig == other.mostSig && leastSig == other.leastSig;
    }

    /**
     * Returns the identifier as 32 lower-case hexadecimal digits grouped 8-4-4-4-12, like a UUID.
     *
     * @return the textual form
     */
    @Override
    public String toString() {
        return hex(mostSig >>> 32, 8) + '-' + hex(mostSig >>> 16, 4) + '-' + hex(mostSig, 4) + '-'
                + hex(leastSig >>> 48, 4) + '-' + hex(leastSig, 12);
    }

    // The low 'digits' hex digits of v, zero-padded.
    private static String hex(long v, int digits) {
        long bit = 1L << (digits * 4);
        return Long.toHexString(bit | (v & (bit - 1))).substring(1);
    }
}
