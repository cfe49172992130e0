package org.estuary.lease.client;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;

/** A lease of some other implementation, to show that Estuary's leases do not batch with it. */
final class ForeignLease implements Lease {
    long expiration = Long.MAX_VALUE;
    int renewals;

    @Override
    public long getExpiration() {
        return expiration;
    }

    @Override
    public void cancel() {
    }

    @Override
    public void renew(long duration) {
        renewals++;
    }

    @Override
    public void setSerialFormat(int format) {
    }

    @Override
    public int getSerialFormat() {
        return DURATION;
    }

    @Override
    public LeaseMap createLeaseMap(long duration) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean canBatch(Lease lease) {
        return false;
    }
}
