package org.estuary.lease.client;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A lease granted by an Estuary {@link Landlord}: a small serializable proxy holding the landlord's reference, the
 * landlord's id, the lease's id and its expiration on the holder's wall clock (LE.2.2).
 *
 * <p>Two leases are equal when they have the same landlord id and lease id, whatever their expirations, so copies
 * of one lease received in different calls find each other in maps; leases of the same landlord (same landlord id)
 * can be batched in one {@link LeaseMap}.
 *
 * <p>Serialized form (LE.2.2, LE.2.4): the default fields, then one {@code long}: in {@code DURATION} format
 * (the default) the milliseconds left at the time of writing, which the reader adds to its own wall clock
 * ({@link ClientClock}), so the lease expires at the right moment however far apart the two JVMs' clocks are; in
 * {@code ABSOLUTE} format the expiration in milliseconds since the epoch, as the writer's clock saw it.
 */
@ProviderType
public final class LandlordLease implements Lease, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the grantor's backend, called to renew and cancel */
    private final Landlord landlord;
    /** @serial the grantor's identity: equality and batching go by it */
    private final UUID landlordId;
    /** @serial the lease's id within its landlord */
    private final long leaseId;
    /** @serial {@code Lease.DURATION} or {@code Lease.ABSOLUTE} */
    private volatile int serialFormat = DURATION;

    // Written by writeObject in the form serialFormat chooses; never serialized as is.
    private transient volatile long expiration;
    private transient Clock clock;

    private LandlordLease(Landlord landlord, UUID landlordId, long leaseId, long expiration, Clock clock) {
        this.landlord = landlord;
        this.landlordId = landlordId;
        this.leaseId = leaseId;
        this.expiration = expiration;
        this.clock = clock;
    }

    /**
     * A lease proxy for a grantor to hand to the holder.
     *
     * @param landlord the grantor's backend (the service itself in its JVM, an RMI stub elsewhere)
     * @param landlordId the grantor's identity
     * @param leaseId the lease's id
     * @param expiration the expiration in milliseconds since the epoch on {@code clock}'s wall time
     * @param clock the clock this lease reads the time of its renewal requests from (LE.2.3)
     * @throws NullPointerException if an object argument is null
     */
    public static LandlordLease create(Landlord landlord, UUID landlordId, long leaseId, long expiration,
            Clock clock) {
        return new LandlordLease(Objects.requireNonNull(landlord, "landlord"),
                Objects.requireNonNull(landlordId, "landlordId"), leaseId, expiration,
                Objects.requireNonNull(clock, "clock"));
    }

    /** The id of the landlord that granted this lease. */
    public UUID landlordId() {
        return landlordId;
    }

    /** The id of this lease within its landlord. */
    public long leaseId() {
        return leaseId;
    }

    @Override
    public long getExpiration() {
        return expiration;
    }

    @Override
    public void cancel() throws UnknownLeaseException, RemoteException {
        landlord.cancel(leaseId);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The new expiration is the time this request was sent plus the granted duration (LE.2.3), so the time the
     * call took counts against the lease, never in its favour.
     */
    @Override
    public void renew(long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        long sent = clock.currentTimeMillis();
        long granted = landlord.renew(leaseId, duration);
        expiration = expirationAfter(sent, granted);
    }

    @Override
    public void setSerialFormat(int format) {
        checkFormat(format);
        serialFormat = format;
    }

    @Override
    public int getSerialFormat() {
        return serialFormat;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code duration} is neither positive nor {@code Lease.ANY}
     */
    @Override
    public LeaseMap createLeaseMap(long duration) {
        return new LandlordLeaseMap(this, duration);
    }

    /** True exactly for leases of the same landlord (LE.2.2). */
    @Override
    public boolean canBatch(Lease lease) {
        return lease instanceof LandlordLease && ((LandlordLease) lease).landlordId.equals(landlordId);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LandlordLease
                && ((LandlordLease) other).leaseId == leaseId
                && ((LandlordLease) other).landlordId.equals(landlordId);
    }

    @Override
    public int hashCode() {
        return landlordId.hashCode() * 31 + Long.hashCode(leaseId);
    }

    /** The lease id in unsigned decimal, the form Estuary's shell and web console show and take. */
    @Override
    public String toString() {
        long at = expiration;
        return "LandlordLease[landlord=" + landlordId + ", id=" + Long.toUnsignedString(leaseId) + ", expiration="
                + (at == FOREVER ? "FOREVER" : Long.toString(at)) + "]";
    }

    Landlord landlord() {
        return landlord;
    }

    Clock clock() {
        return clock;
    }

    void setExpiration(long expiration) {
        this.expiration = expiration;
    }

    /** LE.2.3: a grant runs from the time the request was sent; FOREVER stays FOREVER. */
    static long expirationAfter(long sent, long granted) {
        return granted == FOREVER ? FOREVER : Times.saturatedAdd(sent, granted);
    }

    private static void checkFormat(int format) {
        if (format != DURATION && format != ABSOLUTE) {
            throw new IllegalArgumentException("serial format must be Lease.DURATION (1) or Lease.ABSOLUTE (2): "
                    + format);
        }
    }

    /**
     * @serialData the default fields, then the expiration as a {@code long}: milliseconds left in {@code DURATION}
     *     format ({@code Lease.FOREVER} for none), milliseconds since the epoch in {@code ABSOLUTE} format
     */
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        long at = expiration;
        if (serialFormat == DURATION && at != FOREVER) {
            // LE.2.2: the duration left from the time of serialization
            out.writeLong(Times.saturatedSubtract(at, clock.currentTimeMillis()));
        } else {
            out.writeLong(at);
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (landlord == null || landlordId == null) {
            throw new InvalidObjectException("LandlordLease without landlord or landlord id");
        }
        try {
            checkFormat(serialFormat);
        } catch (IllegalArgumentException e) {
            throw new InvalidObjectException(e.getMessage());
        }
        long value = in.readLong();
        clock = ClientClock.current();
        // LE.2.2: a duration counts from the reader's clock, so the writer's clock skew does not matter.
        expiration = serialFormat == DURATION ? expirationAfter(clock.currentTimeMillis(), value) : value;
    }

    private void readObjectNoData() throws InvalidObjectException {
        throw new InvalidObjectException("no data for LandlordLease");
    }
}
