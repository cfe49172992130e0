package org.estuary.renewal.internal;

import java.io.IOException;

import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/** {@link RenewalAdminMXBean} over a {@link RenewalAdmin}. */
final class RenewalAdminMBeanImpl implements RenewalAdminMXBean {

    private final RenewalAdmin admin;

    RenewalAdminMBeanImpl(RenewalAdmin admin) {
        this.admin = admin;
    }

    @Override
    public long getSetCount() {
        return admin.setCount();
    }

    @Override
    public long getLeaseCount() {
        return admin.leaseCount();
    }

    @Override
    public java.util.Map<String, Long> getMetrics() {
        return admin.metrics();
    }

    @Override
    public String[] sets(long offset, int limit) {
        return admin.sets(offset, limit).items().stream().map(RenewalAdminMBeanImpl::line).toArray(String[]::new);
    }

    @Override
    public String[] leases(String setId, long offset, int limit) {
        return admin.leases(Ids.parse(setId), offset, limit).items().stream()
                .map(RenewalAdminMBeanImpl::line).toArray(String[]::new);
    }

    @Override
    public boolean cancelSet(String setId) throws IOException {
        return admin.cancelSet(Ids.parse(setId));
    }

    @Override
    public boolean removeLease(String setId, String leaseKey) throws IOException {
        return admin.removeLease(Ids.parse(setId), Ids.parse(leaseKey));
    }

    private static String line(SetInfo set) {
        return Ids.format(set.setId()) + " " + Format.time(set.expiration()) + " leases=" + set.leases()
                + " warning=" + set.warningListener() + " failure=" + set.failureListener();
    }

    private static String line(LeaseInfo lease) {
        return lease.key() + " desired=" + Format.time(lease.desiredExpiration()) + " actual="
                + Format.time(lease.actualExpiration()) + " renew=" + lease.renewDuration() + " failure="
                + lease.lastFailure() + " " + lease.lease();
    }
}
