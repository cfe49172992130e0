package org.estuary.management;

import java.time.Duration;
import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The recent past of every service's metrics: this bundle samples the metrics of each registered
 * {@link ServiceView} on a fixed interval into a bounded ring per view, so a service gets its history, and the
 * console its charts, without code of its own. Registered as an OSGi service by this bundle.
 */
@ProviderType
public interface MetricsHistory {

    /** How often the metrics are sampled. */
    Duration interval();

    /** How many samples a view keeps; the oldest goes first. */
    int capacity();

    /**
     * The samples of the view named {@code view} ({@link ServiceView#name()}), oldest first; empty while no such
     * view with metrics is registered. A view's history starts when it is registered and ends when it goes.
     */
    List<MetricsSample> samples(String view);
}
