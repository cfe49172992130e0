package org.estuary.management.internal;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.estuary.store.api.StoreStats;

/** {@link StoreMXBean} over a store's {@link StoreStats}, read afresh for each attribute. */
final class StoreBean implements StoreMXBean {

    private final long serviceId;
    private final String type;
    private final Supplier<StoreStats> stats;
    private final Supplier<List<String>> users;

    StoreBean(long serviceId, String type, Supplier<StoreStats> stats, Supplier<List<String>> users) {
        this.serviceId = serviceId;
        this.type = type;
        this.stats = stats;
        this.users = users;
    }

    @Override
    public String getType() {
        return type;
    }

    @Override
    public long getServiceId() {
        return serviceId;
    }

    @Override
    public String[] getUsers() {
        return users.get().toArray(String[]::new);
    }

    @Override
    public long getRecords() {
        return stats.get().records();
    }

    @Override
    public long getBytes() {
        return stats.get().bytes();
    }

    @Override
    public long getDiskBytes() {
        return stats.get().diskBytes();
    }

    @Override
    public long getMaxRecords() {
        return stats.get().maxRecords();
    }

    @Override
    public long getMaxBytes() {
        return stats.get().maxBytes();
    }

    @Override
    public long getQueued() {
        return stats.get().queued();
    }

    @Override
    public long getCommits() {
        return stats.get().commits();
    }

    @Override
    public long getFailures() {
        return stats.get().failures();
    }

    @Override
    public long getLastCommitMicros() {
        return TimeUnit.NANOSECONDS.toMicros(stats.get().lastCommitNanos());
    }

    @Override
    public long getP99CommitMicros() {
        return TimeUnit.NANOSECONDS.toMicros(stats.get().p99CommitNanos());
    }

    @Override
    public String getLastFailure() {
        return stats.get().lastFailure();
    }

    /** The bean's name: one per store service, so two stores of one type stay apart. */
    static String objectName(String type, long serviceId) {
        String name = type.matches("[\\w.-]+") ? type : javax.management.ObjectName.quote(type);
        return "org.estuary:type=Store,name=" + name + ",service.id=" + serviceId;
    }
}
