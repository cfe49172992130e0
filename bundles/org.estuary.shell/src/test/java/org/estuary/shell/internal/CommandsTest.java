package org.estuary.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.SetInfo;
import org.estuary.renewal.admin.testing.FakeAdmin;
import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.Test;

/** Issue 7 item 3: the estuary:* commands' output, paging, actions and refusals, over a fake admin. */
class CommandsTest {

    private final FakeAdmin admin = new FakeAdmin();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void item3SetsPrintsATableWithUnsignedIdsAndThePageRange() {
        admin.addSet(-2, 3); // shown unsigned: never starts with '-'
        admin.addSet(7, 0);
        admin.sets.put(9L, new SetInfo(9, Long.MAX_VALUE, 0, "Listener\u001b[31m\nforged", 5_000, null));
        SetsCommand command = new SetsCommand();
        command.admin = admin;
        command.limit = 2;
        command.print(out);
        String text = output();
        assertTrue(text.contains("Set"), text);
        assertTrue(text.contains("never"), "Lease.FOREVER expiration: " + text);
        assertTrue(text.contains("Listener?[31m?forged"), "control characters neutralized: " + text);
        assertTrue(text.contains("rows 1-2 of 3 (next: --offset 2)"), text);
        assertFalse(text.contains("18446744073709551614"), "third row not on this page: " + text);

        bytes.reset();
        command.offset = 2;
        command.print(out);
        String second = output();
        assertTrue(second.contains("18446744073709551614"), "unsigned order puts it last: " + second);
        assertTrue(second.contains("2023-11-14T22:13:20Z"), second);
        assertTrue(second.contains("rows 3-3 of 3;"), second);
    }

    @Test
    void item3BadPageIsRefused() {
        SetsCommand command = new SetsCommand();
        command.admin = admin;
        command.limit = 0;
        assertThrows(IllegalArgumentException.class, () -> command.print(out));
    }

    @Test
    void item3LeasesShowsDesiredActualRenewAndFailure() {
        admin.addSet(5, 2);
        admin.leases.get(5L).set(1, new LeaseInfo(5, 2, "Lease#2", 1_800_000_000_000L, 1_700_000_060_000L,
                -1, true, "java.rmi.ConnectException: gone"));
        LeasesCommand command = new LeasesCommand();
        command.admin = admin;
        command.set = "5";
        command.print(out);
        String text = output();
        assertTrue(text.contains("Desired expiration"), text);
        assertTrue(text.contains("2027-01-15T08:00:00Z"), text);
        assertTrue(text.contains("60 s"), text);
        assertTrue(text.contains("ANY"), text);
        assertTrue(text.contains("java.rmi.ConnectException: gone"), text);
        assertTrue(text.contains("rows 1-2 of 2"), text);
    }

    @Test
    void item3LeasesOfAnUnknownOrMalformedSetFail() {
        LeasesCommand command = new LeasesCommand();
        command.admin = admin;
        command.set = "12";
        assertTrue(assertThrows(IllegalArgumentException.class, () -> command.print(out)).getMessage()
                .contains("no renewal set 12"));
        command.set = "twelve";
        assertThrows(IllegalArgumentException.class, () -> command.print(out));
    }

    @Test
    void item3SetCancelCancelsOnceAndReportsStoreFailures() throws IOException {
        admin.addSet(5, 2);
        SetCancelCommand command = new SetCancelCommand();
        command.admin = admin;
        command.set = "5";
        command.print(out);
        assertTrue(output().contains("Cancelled renewal set 5"));
        assertFalse(admin.sets.containsKey(5L));
        assertThrows(IllegalArgumentException.class, () -> command.print(out), "second time");
        admin.addSet(6, 0);
        admin.storeFails = true;
        command.set = "6";
        assertThrows(IOException.class, () -> command.print(out));
    }

    @Test
    void item3LeaseRemoveRemovesOneLease() throws IOException {
        admin.addSet(5, 2);
        LeaseRemoveCommand command = new LeaseRemoveCommand();
        command.admin = admin;
        command.set = "5";
        command.lease = "2";
        command.print(out);
        assertTrue(output().contains("Removed lease 2 from renewal set 5"));
        assertEquals(1, admin.leases.get(5L).size());
        assertThrows(IllegalArgumentException.class, () -> command.print(out), "already removed");
        command.lease = "-";
        assertThrows(IllegalArgumentException.class, () -> command.print(out));
    }

    @Test
    void item3CompletersOfferMatchingIds() {
        admin.addSet(15, 0);
        admin.addSet(150, 3);
        admin.addSet(27, 0);
        SetIdCompleter sets = new SetIdCompleter();
        sets.admin = admin;
        assertEquals(List.of("15", "27", "150"), sets.candidates("", 0));
        assertEquals(List.of("15", "150"), sets.candidates("15", 2));
        assertEquals(List.of("15", "27", "150"), sets.candidates("159", 0), "cursor at the start");
        LeaseKeyCompleter leases = new LeaseKeyCompleter();
        leases.admin = admin;
        assertEquals(List.of("1", "2", "3"), leases.candidates("150"));
        assertEquals(List.of(), leases.candidates("nope"));
        assertEquals(List.of(), leases.candidates("99"));
    }

    @Test
    void item3SetIdCompleterIsBounded() {
        for (int i = 0; i < 1500; i++) {
            admin.addSet(i, 0);
        }
        SetIdCompleter sets = new SetIdCompleter();
        sets.admin = admin;
        assertEquals(SetIdCompleter.MAX, sets.candidates("", 0).size());
        assertEquals(11, sets.candidates("100", 3).size(), "100 and 1000..1009");
    }

    @Test
    void item5MetricsPrintsNamesAndValues() {
        MetricsCommand command = new MetricsCommand();
        command.admin = admin;
        command.print(out);
        assertTrue(output().contains("operations"), output());
        assertTrue(output().contains("store.write.p99.us"), output());
        assertTrue(output().contains("1234"), output());
    }

    @Test
    void item3StoresPrintsTypeUsersAndNumbers() {
        StoreStats stats = StoreStats.builder("memory").contents(12, 3456).limits(1000, StoreStats.UNLIMITED)
                .outcomes(40, 1).latency(1_500_000, 2_250_000).lastFailure("store full").build();
        StoresCommand.print(out, List.of(new StoreInventory.Entry(42, "memory", List.of("org.estuary.renewal [61]"),
                stats)));
        String text = output();
        assertTrue(text.contains("org.estuary.renewal [61]"), text);
        assertTrue(text.contains("12 / 1000"), text);
        assertTrue(text.contains("3456"), text);
        assertTrue(text.contains("1.50 ms"), text);
        assertTrue(text.contains("2.25 ms"), text);
        assertTrue(text.contains("store full"), text);
        assertTrue(text.contains("1 store"), text);
        assertTrue(text.contains("On disk"), text);
    }

    @Test
    void aRenewalCommandWithoutTheServiceSaysWhatIsMissing() {
        // Issue 7: the renewal service is optional for the shell bundle; its commands say so when it is absent
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new SetsCommand().execute());
        assertTrue(e.getMessage().contains("estuary-renewal"), e.getMessage());
        assertEquals(-1, new SetIdCompleter().complete(null, null, new java.util.ArrayList<>()));
    }

    @Test
    void item3StoresPrintsTheSizeOnDiskOrADash() {
        StoresCommand.print(out, List.of(
                new StoreInventory.Entry(1, "memory", List.of(), StoreStats.builder("memory").build()),
                new StoreInventory.Entry(2, "journal", List.of(), StoreStats.builder("journal").contents(1, 10)
                        .diskBytes(20_971_520).build())));
        String text = output();
        assertTrue(text.contains("20971520"), text);
        assertTrue(text.matches("(?s).*\\bmemory\\b.*\\s-\\s.*"), text);
    }
}
