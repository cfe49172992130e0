package org.estuary.management;

import java.util.Map;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's metrics as read at one time.
 *
 * @param epochMillis when they were read, in milliseconds since the epoch
 * @param values name to value, in the service's order ({@link ServiceView#metrics()})
 */
@ProviderType
public record MetricsSample(long epochMillis, Map<String, Long> values) {

    public MetricsSample {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(Objects.requireNonNull(values,
                "values")));
    }
}
