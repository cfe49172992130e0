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

import org.estuary.management.testing.SampleView;
import org.junit.jupiter.api.Test;

/**
 * The commands made from a view: a table's page with its range and summary, paging options, actions and their
 * refusals, completion of ids, help; over the sample view of {@code org.estuary.management}'s test jar.
 */
class CommandsTest {

    private final SampleView sample = new SampleView();
    private final TableCommand things = new TableCommand(sample.thingsTable);
    private final TableCommand parts = new TableCommand(sample.partsTable);
    private final ActionCommand drop = new ActionCommand(sample.view.actions().get(0));
    private final ActionCommand remove = new ActionCommand(sample.view.actions().get(1));
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String run(BaseCommand command, String... words) throws Exception {
        bytes.reset();
        command.run(Arguments.read("estuary:" + command.getName(), List.of(words), command.arguments(),
                command.pages()), out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTablePrintsItsColumnsUnsignedIdsThePageRangeAndItsSummary() throws Exception {
        sample.add(-2, "minus two", 3); // shown unsigned: never starts with '-'
        sample.add(7, "seven", 0);
        sample.add(9, "Listener\u001b[31m\nforged", 0);
        String text = run(things, "-n", "2");
        assertTrue(text.contains("Thing") && text.contains("Expires"), text);
        assertTrue(text.contains("2023-11-14T22:13:20Z"), text);
        assertTrue(text.contains("Listener?[31m?forged"), "control characters neutralised: " + text);
        assertTrue(text.contains("rows 1-2 of 3 (next: --offset 2); 3 things"), text);
        assertFalse(text.contains("18446744073709551614"), "third row not on this page: " + text);

        String second = run(things, "--offset=2", "--limit", "2");
        assertTrue(second.contains("18446744073709551614"), "unsigned order puts it last: " + second);
        assertTrue(second.contains("rows 3-3 of 3; 3 things"), second);
    }

    @Test
    void badPagesAndWordsAreRefusedNamingTheRule() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(things, "-n", "0")).getMessage()
                .contains("limit must be within 1..1000"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(things, "-o", "x")).getMessage()
                .contains("-o needs a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(things, "--color")).getMessage()
                .contains("unknown option --color"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(things, "5")).getMessage()
                .contains("takes no arguments"));
    }

    @Test
    void aChildTableTakesItsParentsIdAndRefusesAnUnknownOne() throws Exception {
        sample.add(5, "five", 2);
        String text = run(parts, "5");
        assertTrue(text.contains("Part#2"), text);
        assertTrue(text.contains("rows 1-2 of 2; thing 5, 2 parts"), text);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(parts, "12")).getMessage()
                .contains("no thing 12"));
        assertThrows(IllegalArgumentException.class, () -> run(parts, "twelve"));
        assertThrows(IllegalArgumentException.class, () -> run(parts));
    }

    @Test
    void actionsActOnceAndReportStoreFailures() throws Exception {
        sample.add(5, "five", 2);
        assertTrue(run(remove, "5", "2").contains("Removed part 2 of thing 5"));
        assertEquals(1, sample.things.get(5L).parts().size());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(remove, "5", "2")).getMessage()
                .contains("thing 5 has no part 2"));
        assertThrows(IllegalArgumentException.class, () -> run(remove, "5", "-"));
        assertTrue(run(drop, "5").contains("Dropped thing 5"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> run(drop, "5")).getMessage()
                .contains("no thing 5"));
        sample.add(6, "six", 0);
        sample.storeFails = true;
        assertThrows(IOException.class, () -> run(drop, "6"));
        assertTrue(sample.things.containsKey(6L), "nothing changed");
    }

    @Test
    void idsCompleteFromTheTableAndTheParentBeforeThem() {
        sample.add(15, "a", 0);
        sample.add(150, "b", 3);
        sample.add(27, "c", 0);
        assertEquals(List.of("15", "27", "150"), drop.candidates(0, List.of(), ""));
        assertEquals(List.of("15", "150"), drop.candidates(0, List.of(), "15"));
        assertEquals(List.of("15", "27", "150"), parts.candidates(0, List.of(), ""), "a child table's parent");
        assertEquals(List.of("1", "2", "3"), remove.candidates(1, List.of("150"), ""));
        assertEquals(List.of(), remove.candidates(1, List.of("nope"), ""));
        assertEquals(List.of(), remove.candidates(1, List.of("99"), ""));
    }

    @Test
    void completionIsBounded() {
        for (int i = 0; i < 1500; i++) {
            sample.add(i, "t", 0);
        }
        assertEquals(Completion.MAX, drop.candidates(0, List.of(), "").size());
        assertEquals(11, drop.candidates(0, List.of(), "100").size(), "100 and 1000..1009");
    }

    @Test
    void metricsPrintEachViewsNamesAndValues() throws Exception {
        MetricsCommand metrics = new MetricsCommand();
        assertTrue(assertThrows(IllegalStateException.class, () -> run(metrics)).getMessage()
                .contains("estuary-renewal"), "without a service it says what is missing");
        metrics.add(sample.view);
        String text = run(metrics);
        assertTrue(text.contains("Estuary sample"), text);
        assertTrue(text.contains("store.write.p99.us"), text);
        assertTrue(text.contains("1234"), text);
    }

    @Test
    void helpShowsTheUsage() {
        remove.help(out);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("usage: estuary:part-remove THING PART"), text);
        bytes.reset();
        things.help(out);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("[-o|--offset N] [-n|--limit N]"));
    }
}
