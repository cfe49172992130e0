package org.estuary.lease;

import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/** The table against a plain model of what each lease's expiration should be, under random operations. */
class LeaseTableModelTest {

    @Test
    void randomOperationsMatchTheModel() throws Exception {
        // LE.2.2: grant, renew (longer and shorter), cancel and expiry in any interleaving
        for (long seed = 1; seed <= 20; seed++) {
            run(seed);
        }
    }

    private void run(long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        ManualClock clock = TestClocks.manual();
        Map<Long, Long> expected = new HashMap<>(); // id -> wall expiration
        List<Long> ended = new ArrayList<>();
        LeaseTable<Long> table = new LeaseTable<>(clock, new LeasePolicy(500, 5_000), 10_000, new LeaseListener<>() {
            @Override
            public void expired(long id, Long resource) {
                Long at = expected.remove(id);
                assertEquals(at, Long.valueOf(clock.currentTimeMillis()), "seed " + seed + " lease " + id);
                ended.add(id);
            }

            @Override
            public void cancelled(long id, Long resource) {
                ended.add(id);
            }
        });
        List<Long> ids = new ArrayList<>();
        for (int step = 0; step < 3_000; step++) {
            int op = random.nextInt(10);
            long now = clock.currentTimeMillis();
            if (op < 4) {
                long duration = 1 + random.nextInt(6_000);
                LeaseGrant grant = table.grant(grant(ids), duration);
                ids.add(grant.leaseId());
                expected.put(grant.leaseId(), now + Math.min(duration, 5_000));
            } else if (op < 7 && !ids.isEmpty()) {
                long id = ids.get(random.nextInt(ids.size()));
                long duration = 1 + random.nextInt(6_000);
                if (expected.containsKey(id)) {
                    table.renew(id, duration);
                    expected.put(id, now + Math.min(duration, 5_000));
                } else {
                    assertThrows(UnknownLeaseException.class, () -> table.renew(id, duration));
                }
            } else if (op < 8 && !ids.isEmpty()) {
                long id = ids.get(random.nextInt(ids.size()));
                if (expected.remove(id) != null) {
                    table.cancel(id);
                } else {
                    assertThrows(UnknownLeaseException.class, () -> table.cancel(id));
                }
            } else {
                advance(clock, random.nextInt(400));
            }
            assertEquals(expected.size(), table.size(), "seed " + seed + " step " + step);
        }
        advance(clock, 10_000);
        assertTrue(expected.isEmpty());
        assertEquals(ids.size(), ended.size());
        for (long id : ids) {
            assertNull(table.get(id));
        }
    }

    private static Long grant(List<Long> ids) {
        return (long) ids.size();
    }
}
