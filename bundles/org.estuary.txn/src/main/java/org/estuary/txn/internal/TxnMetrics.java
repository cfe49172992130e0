package org.estuary.txn.internal;

import java.util.Map;

import org.estuary.management.ServiceMetrics;
import org.estuary.management.ServiceMetrics.Counter;
import org.estuary.management.ServiceMetrics.Timer;

/**
 * The manager's metrics, in the order {@code TxnAdmin.metrics()} documents: transactions created, committed and
 * aborted, the latency of votes and of commit points (their durable write).
 */
final class TxnMetrics {

    private final ServiceMetrics metrics = new ServiceMetrics();
    final Counter created = metrics.counter("created");
    final Counter commits = metrics.counter("commits");
    final Counter aborts = metrics.counter("aborts");
    final Timer votes = metrics.timer("votes", "vote");
    final Timer commitPoints = metrics.timer("commit.points", "commit.point");

    /** Name to value, in a fixed order; latencies in microseconds over the timer's recent window. */
    Map<String, Long> snapshot() {
        return metrics.snapshot();
    }
}
