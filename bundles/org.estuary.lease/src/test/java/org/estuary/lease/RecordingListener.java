package org.estuary.lease;

import java.util.ArrayList;
import java.util.List;

/** Records the lease ends a table reports, with the wall time of each. */
public final class RecordingListener<R> implements LeaseListener<R> {

    /** One reported end. */
    public record End(long leaseId, Object resource, boolean cancelled, long at) {
    }

    private final org.estuary.core.time.Clock clock;
    public final List<End> ends = new ArrayList<>();

    public RecordingListener(org.estuary.core.time.Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized void expired(long leaseId, R resource) {
        ends.add(new End(leaseId, resource, false, clock.currentTimeMillis()));
    }

    @Override
    public synchronized void cancelled(long leaseId, R resource) {
        ends.add(new End(leaseId, resource, true, clock.currentTimeMillis()));
    }

    public synchronized List<End> expired() {
        return ends.stream().filter(e -> !e.cancelled()).toList();
    }

    public synchronized List<End> cancelled() {
        return ends.stream().filter(End::cancelled).toList();
    }
}
