package org.estuary.renewal.admin.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.estuary.management.Page;
import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;

/**
 * A {@link RenewalAdmin} over plain maps, for the tests of what shows the renewal service to an operator (its
 * {@code ServiceView}, which the shell's commands and the web console's page render).
 */
public final class FakeAdmin implements RenewalAdmin {

    public final Map<Long, SetInfo> sets = new TreeMap<>(Long::compareUnsigned);
    public final Map<Long, List<LeaseInfo>> leases = new TreeMap<>();
    /** Makes the changes fail as a store that does not acknowledge would. */
    public boolean storeFails;

    /** Adds set {@code id} with {@code leaseCount} leases. */
    public SetInfo addSet(long id, int leaseCount) {
        List<LeaseInfo> list = new ArrayList<>();
        for (int i = 1; i <= leaseCount; i++) {
            list.add(new LeaseInfo(id, i, "Lease#" + i, 1_800_000_000_000L, 1_700_000_060_000L, 60_000, false,
                    null));
        }
        leases.put(id, list);
        SetInfo set = new SetInfo(id, 1_700_000_000_000L, leaseCount, null, 0, null);
        sets.put(id, set);
        return set;
    }

    @Override
    public Map<String, Long> metrics() {
        Map<String, Long> values = new java.util.LinkedHashMap<>();
        values.put("operations", 7L);
        values.put("store.write.p99.us", 1234L);
        return values;
    }

    @Override
    public long setCount() {
        return sets.size();
    }

    @Override
    public long leaseCount() {
        return leases.values().stream().mapToLong(List::size).sum();
    }

    @Override
    public Page<SetInfo> sets(long offset, int limit) {
        List<SetInfo> all = new ArrayList<>(sets.values());
        return new Page<>(all.size(), offset, slice(all, offset, limit));
    }

    @Override
    public Optional<SetInfo> set(long setId) {
        return Optional.ofNullable(sets.get(setId));
    }

    @Override
    public Page<SetInfo> setsAfter(long afterId, long offset, int limit) {
        List<SetInfo> after = new ArrayList<>(((java.util.NavigableMap<Long, SetInfo>) sets).tailMap(afterId, false)
                .values());
        return new Page<>(sets.size(), offset, after.subList(0, Math.min(limit, after.size())));
    }

    @Override
    public Page<LeaseInfo> leasesAfter(long setId, long afterKey, long offset, int limit) {
        List<LeaseInfo> all = leases.getOrDefault(setId, List.of());
        List<LeaseInfo> after = all.stream().filter(l -> l.key() > afterKey).toList();
        return new Page<>(all.size(), offset, after.subList(0, Math.min(limit, after.size())));
    }

    @Override
    public Page<LeaseInfo> leases(long setId, long offset, int limit) {
        List<LeaseInfo> all = leases.getOrDefault(setId, List.of());
        return new Page<>(all.size(), offset, slice(all, offset, limit));
    }

    @Override
    public boolean cancelSet(long setId) throws IOException {
        if (storeFails) {
            throw new IOException("store did not acknowledge");
        }
        leases.remove(setId);
        return sets.remove(setId) != null;
    }

    @Override
    public boolean removeLease(long setId, long leaseKey) throws IOException {
        List<LeaseInfo> list = leases.get(setId);
        return list != null && list.removeIf(l -> l.key() == leaseKey);
    }

    private static <T> List<T> slice(List<T> all, long offset, int limit) {
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
            throw new IllegalArgumentException("bad page");
        }
        int from = (int) Math.min(offset, all.size());
        return all.subList(from, Math.min(all.size(), from + limit));
    }
}
