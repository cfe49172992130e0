package org.estuary.config.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** An invalid update is refused and the last valid properties stay in force. */
class GuardTest {

    private final Guard guard = new Guard(pid -> pid.equals("org.estuary.renewal") ? Definitions.renewal() : null,
            pid -> List.of());

    @Test
    void anInvalidUpdateRestoresTheLastValidProperties() {
        Map<String, Object> valid = Map.of("service.pid", "org.estuary.renewal", "max.sets", "20");
        assertTrue(guard.review("org.estuary.renewal", "org.estuary.renewal", valid).isEmpty());

        Guard.Refusal refusal = guard.review("org.estuary.renewal", "org.estuary.renewal",
                Map.of("service.pid", "org.estuary.renewal", "max.sets", "0", "renewal.lead.ms", "5")).orElseThrow();
        assertEquals(valid, refusal.restored(), "the whole update is refused, also its valid part");
        String message = refusal.message();
        assertTrue(message.contains("org.estuary.renewal"), message);
        assertTrue(message.contains("max.sets=0"), message);
        assertTrue(message.contains("keeps its last valid settings"), message);
    }

    @Test
    void withoutAKnownValidVersionTheInvalidAttributesFallBackToTheirDefaults() {
        Guard.Refusal refusal = guard.review("org.estuary.renewal", "org.estuary.renewal",
                Map.of("max.sets", "-1", "renewal.lead.ms", "5")).orElseThrow();
        assertEquals(Map.of("renewal.lead.ms", "5"), refusal.restored());
    }

    @Test
    void afterADeleteTheEarlierValidVersionIsForgotten() {
        guard.review("org.estuary.renewal", "org.estuary.renewal", Map.of("max.sets", "20"));
        guard.deleted("org.estuary.renewal");
        assertEquals(Map.of(), guard.review("org.estuary.renewal", "org.estuary.renewal", Map.of("max.sets", "0"))
                .orElseThrow().restored());
    }

    @Test
    void onlyEstuaryPidsAreGuarded() {
        assertFalse(Guard.guarded("org.apache.karaf.shell"));
        assertTrue(guard.review("org.apache.karaf.shell", "org.estuary.renewal", Map.of("max.sets", "0"))
                .isEmpty());
    }
}
