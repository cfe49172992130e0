package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * Issue 7: the management view over a {@link RenewalService}'s own tables. Each read holds the service lock for
 * one page; items are copied into immutable records, so nothing the caller keeps refers to live state.
 */
final class AdminView implements RenewalAdmin {

    private final RenewalService service;

    AdminView(RenewalService service) {
        this.service = service;
    }

    @Override
    public long setCount() {
        synchronized (service.lock()) {
            return service.table().setCount();
        }
    }

    @Override
    public long leaseCount() {
        synchronized (service.lock()) {
            return service.table().leaseCount();
        }
    }

    @Override
    public java.util.Map<String, Long> metrics() {
        return service.metrics().snapshot();
    }

    @Override
    public Page<SetInfo> sets(long offset, int limit) {
        checkPage(offset, limit);
        synchronized (service.lock()) {
            var sets = service.table().ordered().values();
            return new Page<>(sets.size(), offset, page(sets.iterator(), offset, limit, AdminView::info));
        }
    }

    @Override
    public Optional<SetInfo> set(long setId) {
        synchronized (service.lock()) {
            SetState set = service.table().get(setId);
            return set == null || set.destroyed ? Optional.empty() : Optional.of(info(set));
        }
    }

    @Override
    public Page<LeaseInfo> leases(long setId, long offset, int limit) {
        checkPage(offset, limit);
        synchronized (service.lock()) {
            SetState set = service.table().get(setId);
            if (set == null || set.destroyed) {
                return new Page<>(0, offset, List.of());
            }
            return new Page<>(set.entries.size(), offset,
                    page(set.entries.values().iterator(), offset, limit, AdminView::info));
        }
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

    private static <S, T> List<T> page(Iterator<S> all, long offset, int limit,
            java.util.function.Function<S, T> convert) {
        for (long skipped = 0; skipped < offset && all.hasNext(); skipped++) {
            all.next(); // walks the ordered table; copies nothing it skips
        }
        List<T> items = new ArrayList<>(Math.min(limit, 64));
        while (items.size() < limit && all.hasNext()) {
            items.add(convert.apply(all.next()));
        }
        return items;
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
