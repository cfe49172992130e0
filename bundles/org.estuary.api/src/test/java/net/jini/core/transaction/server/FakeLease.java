package net.jini.core.transaction.server;

import java.io.Serializable;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;

/** Minimal serializable lease for the tests, equal by tag. */
public class FakeLease implements Lease, Serializable {

    private static final long serialVersionUID = 1L;

    private final String tag;
    private int format = DURATION;

    public FakeLease(String tag) {
        this.tag = tag;
    }

    @Override
    public long getExpiration() {
        return 0;
    }

    @Override
    public void cancel() {
    }

    @Override
    public void renew(long duration) {
    }

    @Override
    public void setSerialFormat(int format) {
        this.format = format;
    }

    @Override
    public int getSerialFormat() {
        return format;
    }

    @Override
    public LeaseMap createLeaseMap(long duration) {
        return null;
    }

    @Override
    public boolean canBatch(Lease lease) {
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FakeLease && ((FakeLease) o).tag.equals(tag);
    }

    @Override
    public int hashCode() {
        return tag.hashCode();
    }
}
