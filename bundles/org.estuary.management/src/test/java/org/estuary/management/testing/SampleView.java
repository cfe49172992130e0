package org.estuary.management.testing;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.management.Pages;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;

/**
 * A {@link ServiceView} of a made-up service over plain maps, for the tests of what renders views (the shell's
 * commands, the web console's pages): things, each with parts; an operator may drop a thing or remove a part.
 * Names are client-supplied text, so tests put hostile text there.
 */
public final class SampleView {

    /** A thing: its name (client text) and its parts by number (client text). */
    public record Thing(long id, String name, long expiration, NavigableMap<Long, Part> parts) {
    }

    /** A part of a thing. */
    public record Part(long thing, long number, String text) {
    }

    public final NavigableMap<Long, Thing> things = new TreeMap<>(Long::compareUnsigned);
    /** Makes the actions fail as a store that does not acknowledge would. */
    public boolean storeFails;
    public final ServiceView view;
    public final Table<Thing> thingsTable;
    public final Table<Part> partsTable;

    public SampleView() {
        thingsTable = new Table<>("things", "thing", "Lists the things.", null, List.of(
                Column.id("Thing", Thing::id),
                Column.text("Name", Thing::name),
                Column.text("Expires", thing -> Format.time(thing.expiration())),
                Column.number("Parts", thing -> thing.parts().size())),
                Thing::id,
                (parent, offset, limit, after) -> after == null ? Pages.at(things, offset, limit, t -> t)
                        : Pages.after(things, after, offset, limit, t -> t),
                (parent, page) -> Format.count(page.total(), "thing", "things"));
        partsTable = new Table<>("parts", "part", "Lists a thing's parts.", thingsTable, List.of(
                Column.id("Part", Part::number),
                Column.<Part>text("Text", Part::text).width(20)),
                Part::number,
                (thing, offset, limit, after) -> {
                    Thing found = things.get(thing);
                    if (found == null) {
                        throw new IllegalArgumentException("no thing " + Ids.format(thing));
                    }
                    return after == null ? Pages.at(found.parts(), offset, limit, p -> p)
                            : Pages.after(found.parts(), after, offset, limit, p -> p);
                },
                (thing, page) -> "thing " + Ids.format(thing) + ", " + Format.count(page.total(), "part", "parts"));
        Action drop = new Action("thing-drop", "Drop thing", "Drops a thing.", thingsTable, ids -> {
            fail();
            return things.remove(ids[0]) != null;
        }, "Dropped thing {0}", "no thing {0}");
        Action remove = new Action("part-remove", "Remove", "Removes a part.", partsTable, ids -> {
            fail();
            Thing thing = things.get(ids[0]);
            return thing != null && thing.parts().remove(ids[1]) != null;
        }, "Removed part {1} of thing {0}", "thing {0} has no part {1}");
        view = new ServiceView("sample", "Estuary sample", List.of(thingsTable, partsTable), List.of(drop, remove),
                () -> Map.of("operations", 7L, "store.write.p99.us", 1234L));
    }

    /** Adds thing {@code id} named {@code name} with parts 1..{@code parts}. */
    public Thing add(long id, String name, int parts) {
        NavigableMap<Long, Part> all = new TreeMap<>();
        for (long number = 1; number <= parts; number++) {
            all.put(number, new Part(id, number, "Part#" + number));
        }
        Thing thing = new Thing(id, name, 1_700_000_000_000L, all);
        things.put(id, thing);
        return thing;
    }

    private void fail() throws IOException {
        if (storeFails) {
            throw new IOException("store did not acknowledge");
        }
    }
}
