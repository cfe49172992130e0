package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.estuary.management.testing.SampleView;
import org.junit.jupiter.api.Test;

/** What renderers read from a view: its first table, a table's child, a table's actions, an action's ids. */
class ServiceViewTest {

    private final SampleView sample = new SampleView();

    @Test
    void tablesAndActionsAreFoundWhereRenderersLook() {
        ServiceView view = sample.view;
        assertEquals(sample.thingsTable, view.main());
        assertEquals(sample.partsTable, view.childOf(sample.thingsTable).orElseThrow());
        assertTrue(view.childOf(sample.partsTable).isEmpty());
        assertEquals(List.of("thing-drop"), view.actionsOn(sample.thingsTable).stream().map(Action::name).toList());
        assertEquals(List.of("thing"), sample.thingsTable.arguments());
        assertEquals(List.of("thing", "part"), sample.partsTable.arguments());
    }

    @Test
    void anActionSaysWhatItDidOrThatThereWasNoSuchRow() throws Exception {
        sample.add(-1, "last", 2);
        Action remove = sample.view.actions().get(1);
        assertEquals("Removed part 2 of thing 18446744073709551615", remove.perform(-1, 2), "ids unsigned");
        assertEquals("thing 18446744073709551615 has no part 2",
                assertThrows(IllegalArgumentException.class, () -> remove.perform(-1, 2)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> remove.perform(-1)).getMessage()
                .contains("takes thing and part"));
    }

    @Test
    void aViewNeedsATableWithoutAParent() {
        assertThrows(IllegalArgumentException.class, () -> new ServiceView("x", "X", List.of(sample.partsTable),
                List.of(), null));
    }
}
