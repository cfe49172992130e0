package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StoreStatsTest {

    @Test
    void builderFillsEveryNumber() {
        // Store stats: what the console shows
        StoreStats stats = StoreStats.builder("memory").contents(3, 40).limits(10, 1000).queued(2)
                .outcomes(7, 1).latency(1500, 9000).lastFailure("memory store full").build();
        assertEquals("memory", stats.type());
        assertEquals(3, stats.records());
        assertEquals(40, stats.bytes());
        assertEquals(10, stats.maxRecords());
        assertEquals(1000, stats.maxBytes());
        assertEquals(2, stats.queued());
        assertEquals(7, stats.commits());
        assertEquals(1, stats.failures());
        assertEquals(1500, stats.lastCommitNanos());
        assertEquals(9000, stats.p99CommitNanos());
        assertEquals("memory store full", stats.lastFailure());
        assertTrue(stats.toString().contains("records=3/10"), stats.toString());
    }

    @Test
    void defaultsAreZeroAndUnlimited() {
        // Store stats: a store without limits says so
        StoreStats stats = StoreStats.builder("jdbc").build();
        assertEquals(StoreStats.UNLIMITED, stats.maxRecords());
        assertEquals(StoreStats.UNLIMITED, stats.maxBytes());
        assertEquals(0, stats.records());
        assertNull(stats.lastFailure());
        assertTrue(stats.toString().contains("unlimited"), stats.toString());
    }

    @Test
    void diskSizeIsReportedOrNotOnDisk() {
        // The stores page shows the size on disk; a memory store has none ('-')
        assertEquals(StoreStats.NOT_ON_DISK, StoreStats.builder("memory").build().diskBytes());
        assertTrue(StoreStats.builder("memory").build().toString().contains("diskBytes=-"));
        StoreStats rocksdb = StoreStats.builder("rocksdb").diskBytes(20_971_520).build();
        assertEquals(20_971_520, rocksdb.diskBytes());
        assertTrue(rocksdb.toString().contains("diskBytes=20971520"), rocksdb.toString());
        assertThrows(IllegalArgumentException.class, () -> StoreStats.builder("jdbc").diskBytes(-2));
    }

    @Test
    void negativeNumbersAreRefused() {
        // Store stats: a negative count is a backend bug, caught where it is made
        StoreStats.Builder b = StoreStats.builder("memory");
        assertThrows(NullPointerException.class, () -> StoreStats.builder(null));
        assertThrows(IllegalArgumentException.class, () -> b.contents(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> b.contents(0, -1));
        assertThrows(IllegalArgumentException.class, () -> b.limits(0, StoreStats.UNLIMITED));
        assertThrows(IllegalArgumentException.class, () -> b.limits(StoreStats.UNLIMITED, -2));
        assertThrows(IllegalArgumentException.class, () -> b.queued(-1));
        assertThrows(IllegalArgumentException.class, () -> b.outcomes(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> b.latency(0, -1));
    }
}
