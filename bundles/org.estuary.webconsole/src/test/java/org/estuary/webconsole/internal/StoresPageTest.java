package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.Test;

/** Issue 7 item 1: the stores page shows type, users, records, bytes, latency and failures; text escaped. */
class StoresPageTest {

    @Test
    void item1StoresTable() {
        StoreStats stats = StoreStats.builder("jdbc").contents(12, 3456).limits(StoreStats.UNLIMITED, 1 << 20)
                .diskBytes(81_920).queued(2).outcomes(40, 3).latency(1_500_000, 12_340_000).lastFailure("<b>connection refused</b>")
                .build();
        StringWriter body = new StringWriter();
        StoresPage.render(new PrintWriter(body), List.of(
                new StoreInventory.Entry(42, "jdbc", List.of("org.estuary.renewal [61]"), stats)));
        String html = body.toString();
        assertTrue(html.contains("1 store."), html);
        assertTrue(html.contains("<tr data-store=\"42\">"), html);
        assertTrue(html.contains("org.estuary.renewal [61]"), html);
        assertTrue(html.contains("<td>12</td><td>3456 / 1048576</td><td>81920</td>"), html);
        assertTrue(html.contains("1.50 ms"), html);
        assertTrue(html.contains("12.34 ms"), html);
        assertTrue(html.contains("&lt;b&gt;connection refused&lt;/b&gt;"), html);
        assertFalse(html.contains("<b>"), html);
    }

    @Test
    void aStoreWithNothingOnDiskShowsADash() {
        StringWriter body = new StringWriter();
        StoresPage.render(new PrintWriter(body), List.of(new StoreInventory.Entry(7, "memory", List.of(),
                StoreStats.builder("memory").contents(1, 10).build())));
        assertTrue(body.toString().contains("<td>1</td><td>10</td><td>-</td>"), body.toString());
    }
}
