package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * Issue 7: the management view over a {@link RenewalService}'s own tables. Each read holds the state's lock for
 * one page ({@link Slice}: from the nearer end, or by key); items are copied into immutable records, so nothing
 * the caller keeps refers to live state.
 */
final class AdminView implements RenewalAdmin {

    private final RenewalService service;

    AdminView(RenewalService service) {
        this.service = service;
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
        checkPage(offset, limit);
        return service.read(table -> {
            var sets = table.ordered();
            return new Page<>(sets.size(), offset, Slice.at(sets, offset, limit, AdminView::info));
        });
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
        checkPage(offset, limit);
        return service.read(table -> {
            SetState set = table.get(setId);
            if (set == null || set.destroyed) {
                return new Page<>(0, offset, List.of());
            }
            return new Page<>(set.entries.size(), offset, Slice.at(set.entries, offset, limit, AdminView::info));
        });
    }

    @Override
    public Page<SetInfo> setsAfter(long afterId, long offset, int limit) {
        checkPage(offset, limit);
        return service.read(table -> {
            var sets = table.ordered();
            return new Page<>(sets.size(), offset, Slice.after(sets, afterId, limit, AdminView::info));
        });
    }

    @Override
    public Page<LeaseInfo> leasesAfter(long setId, long afterKey, long offset, int limit) {
        checkPage(offset, limit);
        return service.read(table -> {
            SetState set = table.get(setId);
            if (set == null || set.destroyed) {
                return new Page<>(0, offset, List.of());
            }
            return new Page<>(set.entries.size(), offset,
                    Slice.after(set.entries, afterKey, limit, AdminView::info));
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

    private static void checkPage(long offset, int limit) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative: " + offset);
        }
        if (limit < 1 || limit > MAX_PAGE) {
            throw new IllegalArgumentException("limit must be within 1.." + MAX_PAGE + ": " + limit);
        }
    }

    private static SetInfo info(SetState set) {
        Registration warning = set.warning;
        Registration failure = set.failure;
        return new SetInfo(set.setId, set.expiration, set.entries.size(),
                warning == null ? null : text(warning.listener), warning == null ? 0 : warning.minWarning,
                failure == null ? null : text(failure.listener));
    }

    private static LeaseInfo info(ClientEntry entry) {
        String lease = entry.live != null ? text(entry.live) : "(held in recorded form only)";
        return new LeaseInfo(entry.setId, entry.key, lease, entry.desired, entry.actual, entry.renewDuration,
                entry.renewing, entry.lastFailure == null ? null : text(entry.lastFailure));
    }

    /** Client-supplied toString, guarded: a throwing or huge toString must not break the page. */
    static String text(Object object) {
        String text;
        try {
            text = String.valueOf(object);
        } catch (RuntimeException | LinkageError e) {
            text = object.getClass().getName() + " (toString failed: " + e + ")";
        }
        return text.length() <= LeaseInfo.MAX_TEXT ? text : text.substring(0, LeaseInfo.MAX_TEXT - 1) + "\u2026";
    }
}
