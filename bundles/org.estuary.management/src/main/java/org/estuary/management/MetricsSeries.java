package org.estuary.management;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Samples as the series a chart draws: per-second rates of the counts (every metric that only grows) and the
 * latencies as they were read (every metric named {@code *.us}, in microseconds, as {@link ServiceMetrics#timer}
 * names them). Each series has one point per sample; a rate's first point, and a point where a count went down, is
 * null (no rate can be told there).
 *
 * @param epochSeconds when each sample was read, seconds since the epoch
 * @param rates count name to its rate per second between a sample and the one before it
 * @param latencies latency name to its value in microseconds
 * @param totals count name to its value at the last sample
 */
@ProviderType
public record MetricsSeries(List<Double> epochSeconds, Map<String, List<Double>> rates,
        Map<String, List<Double>> latencies, Map<String, Long> totals) {

    /** The suffix of the metrics that are latencies in microseconds, not counts. */
    public static final String LATENCY_SUFFIX = ".us";

    /** The series of {@code samples}, oldest first. */
    public static MetricsSeries of(List<MetricsSample> samples) {
        List<Double> times = new ArrayList<>(samples.size());
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        Map<String, List<Double>> latencies = new LinkedHashMap<>();
        Map<String, Long> totals = new LinkedHashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            MetricsSample sample = samples.get(i);
            MetricsSample before = i == 0 ? null : samples.get(i - 1);
            times.add(sample.epochMillis() / 1000.0);
            for (Map.Entry<String, Long> metric : sample.values().entrySet()) {
                String name = metric.getKey();
                long value = metric.getValue();
                if (name.endsWith(LATENCY_SUFFIX)) {
                    series(latencies, name, i).add((double) value);
                } else {
                    series(rates, name, i).add(rate(before, name, sample.epochMillis(), value));
                    totals.put(name, value);
                }
            }
            pad(rates, i + 1);
            pad(latencies, i + 1);
        }
        return new MetricsSeries(Collections.unmodifiableList(times), readOnly(rates), readOnly(latencies),
                Collections.unmodifiableMap(totals));
    }

    private static Double rate(MetricsSample before, String name, long epochMillis, long value) {
        Long earlier = before == null ? null : before.values().get(name);
        long millis = before == null ? 0 : epochMillis - before.epochMillis();
        if (earlier == null || millis <= 0 || value < earlier) {
            return null;
        }
        return (value - earlier) * 1000.0 / millis;
    }

    /** The series of {@code name}, with nulls for the samples before it first appeared. */
    private static List<Double> series(Map<String, List<Double>> all, String name, int index) {
        return all.computeIfAbsent(name, n -> new ArrayList<>(Collections.nCopies(index, null)));
    }

    /** Every series as long as the samples so far: a metric missing from a sample gets null there. */
    private static void pad(Map<String, List<Double>> all, int length) {
        all.values().forEach(series -> {
            while (series.size() < length) {
                series.add(null);
            }
        });
    }

    private static Map<String, List<Double>> readOnly(Map<String, List<Double>> all) {
        Map<String, List<Double>> copy = new LinkedHashMap<>();
        all.forEach((name, series) -> copy.put(name, Collections.unmodifiableList(series)));
        return Collections.unmodifiableMap(copy);
    }
}
