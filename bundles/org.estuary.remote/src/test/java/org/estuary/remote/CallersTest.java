package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Who calls, and what each client holds: the ground of the services' per-client quotas. */
class CallersTest {

    @Test
    void aCallFromThisJvmHasNoClient() {
        assertNull(Callers.current(), "no RMI call is served by this thread");
    }

    @Test
    void countsArePerClientAndTheNullClientIsNeverCounted() {
        Callers.Counts counts = new Callers.Counts();
        counts.add("127.0.0.3", 1);
        counts.add("127.0.0.3", 1);
        counts.add("127.0.0.1", 1);
        counts.add(null, 5);
        assertEquals(2, counts.of("127.0.0.3"));
        assertEquals(1, counts.of("127.0.0.1"));
        assertEquals(0, counts.of(null));
        counts.add("127.0.0.3", -2);
        assertEquals(0, counts.of("127.0.0.3"), "what a client gives back it holds no more");
        counts.add("127.0.0.3", 1);
        assertEquals(1, counts.of("127.0.0.3"));
    }
}
