package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Samples as chart series: counts become rates per second, latencies stay as read. */
class MetricsSeriesTest {

    private static MetricsSample sample(long millis, Object... nameValue) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            values.put((String) nameValue[i], ((Number) nameValue[i + 1]).longValue());
        }
        return new MetricsSample(millis, values);
    }

    @Test
    void countsBecomeRatesPerSecondBetweenSamples() {
        MetricsSeries series = MetricsSeries.of(List.of(
                sample(10_000, "operations", 4, "failures", 0, "store.write.p99.us", 120),
                sample(15_000, "operations", 14, "failures", 1, "store.write.p99.us", 300),
                sample(17_000, "operations", 18, "failures", 1, "store.write.p99.us", 80)));

        assertEquals(List.of(10.0, 15.0, 17.0), series.epochSeconds());
        assertEquals(Arrays.asList(null, 2.0, 2.0), series.rates().get("operations"));
        assertEquals(Arrays.asList(null, 0.2, 0.0), series.rates().get("failures"));
        assertEquals(List.of(120.0, 300.0, 80.0), series.latencies().get("store.write.p99.us"));
        assertEquals(List.of("operations", "failures"), List.copyOf(series.rates().keySet()));
        assertEquals(Map.of("operations", 18L, "failures", 1L), series.totals());
    }

    @Test
    void noRateWhereACountWentDownOrNoTimePassed() {
        MetricsSeries series = MetricsSeries.of(List.of(sample(1_000, "operations", 9),
                sample(2_000, "operations", 3), sample(2_000, "operations", 5), sample(4_000, "operations", 9)));

        assertEquals(Arrays.asList(null, null, null, 2.0), series.rates().get("operations"));
    }

    @Test
    void aMetricMissingFromSomeSamplesHasNullsThere() {
        MetricsSeries series = MetricsSeries.of(List.of(sample(1_000, "a", 1), sample(2_000, "a", 2, "b", 5),
                sample(3_000, "a", 3)));

        assertEquals(Arrays.asList(null, 1.0, 1.0), series.rates().get("a"));
        assertEquals(Arrays.asList(null, null, null), series.rates().get("b"));
    }

    @Test
    void noSamplesNoSeries() {
        MetricsSeries series = MetricsSeries.of(List.of());

        assertEquals(List.of(), series.epochSeconds());
        assertEquals(Map.of(), series.rates());
    }
}
