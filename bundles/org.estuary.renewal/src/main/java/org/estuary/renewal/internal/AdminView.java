package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.Optional;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.Pages;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * The management view over a {@link RenewalService}'s own tables. Each read holds the state's lock for one page
 * ({@link Pages}: from the nearer end, or by key); items are copied into immutable records, so nothing the caller
 * keeps refers to live state.
 */
final class AdminView implements RenewalAdmin {

    private final RenewalService service;
    private final Clock clock;

    AdminView(RenewalService service) {
        this.service = service;
        this.clock = service.clock();
    }

    @Override
    public long setCount() {
        return service.read(table -> (long) table.setCount());
    }

    @Override
    public long leaseCount() {
        return service.read(table -> (long) table.leaseCount());
    }

    @Override
    public java.util.Map<String, Long> metrics() {
        return service.metrics().snapshot();
    }

    @Override
    public Page<SetInfo> sets(long offset, int limit) {
        return service.read(table -> Pages.at(table.ordered(), offset, limit, AdminView::info));
    }

    @Override
    public Optional<SetInfo> set(long setId) {
        return service.read(table -> {
            SetState set = table.get(setId);
            return set == null || set.destroyed ? Optional.empty() : Optional.of(info(set));
        });
    }

    @Override
    public Page<LeaseInfo> leases(long setId, long offset, int limit) {
        return service.read(table -> {
            SetState set = table.get(setId);
            if (set == null || set.destroyed) {
                return Pages.empty(offset, limit);
            }
            return Pages.at(set.entries, offset, limit, this::info);
        });
    }

    @Override
    public Page<SetInfo> setsAfter(long afterId, long offset, int limit) {
        return service.read(table -> Pages.after(table.ordered(), afterId, offset, limit, AdminView::info));
    }

    @Override
    public Page<LeaseInfo> leasesAfter(long setId, long afterKey, long offset, int limit) {
        return service.read(table -> {
            SetState set = table.get(setId);
            if (set == null || set.destroyed) {
                return Pages.empty(offset, limit);
            }
            return Pages.after(set.entries, afterKey, offset, limit, this::info);
        });
    }

    @Override
    public boolean cancelSet(long setId) throws IOException {
        try {
            service.cancel(setId); // LR.2: as the holder's cancel: durable, then destroyed
            return true;
        } catch (UnknownLeaseException e) {
            return false;
        }
    }

    @Override
    public boolean removeLease(long setId, long leaseKey) throws IOException {
        return service.removeByKey(setId, leaseKey);
    }

    private static SetInfo info(SetState set) {
        Registration warning = set.warning;
        Registration failure = set.failure;
        return new SetInfo(set.setId, set.expiration, set.entries.size(),
                warning == null ? null : Format.describe(warning.listener), warning == null ? 0 : warning.minWarning,
                failure == null ? null : Format.describe(failure.listener));
    }

    /** The desired expiration is shown as the wall clock shows its deadline now. */
    private LeaseInfo info(ClientEntry entry) {
        String lease = entry.live != null ? Format.describe(entry.live) : "(held in recorded form only)";
        return new LeaseInfo(entry.setId, entry.key, lease, clock.wallTimeOfDeadline(entry.desiredAt), entry.actual,
                entry.renewDuration,
                entry.renewing, entry.lastFailure == null ? null : Format.describe(entry.lastFailure));
    }
}
