package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A service's counters and timers read as one map, in the order they were declared. */
class ServiceMetricsTest {

    @Test
    void countersAndTimersInDeclarationOrder() {
        ServiceMetrics metrics = new ServiceMetrics();
        ServiceMetrics.Counter operations = metrics.counter("operations");
        ServiceMetrics.Timer writes = metrics.timer("store.writes", "store.write");
        ServiceMetrics.Counter events = metrics.counter("events.out");
        operations.inc();
        operations.inc();
        ServiceMetrics.Timing timing = writes.time();
        timing.stop();
        timing.stop(); // only the first counts

        Map<String, Long> snapshot = metrics.snapshot();
        assertEquals(List.of("operations", "store.writes", "store.write.p50.us", "store.write.p99.us",
                "store.write.max.us", "events.out"), List.copyOf(snapshot.keySet()));
        assertEquals(2L, snapshot.get("operations"));
        assertEquals(1L, snapshot.get("store.writes"));
        assertEquals(0L, snapshot.get("events.out"));
        assertTrue(snapshot.get("store.write.max.us") >= snapshot.get("store.write.p50.us"));
        assertEquals(2, operations.count());
        assertEquals(0, events.count());
    }

    @Test
    void aNameIsDeclaredOnce() {
        ServiceMetrics metrics = new ServiceMetrics();
        metrics.counter("operations");
        assertThrows(IllegalArgumentException.class, () -> metrics.counter("operations"));
    }

    @Test
    void aCounterIsNotNamedLikeALatency() {
        assertThrows(IllegalArgumentException.class, () -> new ServiceMetrics().counter("wait.us"));
    }
}
