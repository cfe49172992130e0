package org.estuary.management;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Something an operator may do to one row of a {@link Table}, described once: the shell makes it a command
 * ({@code estuary:NAME ID...}), the console a button in the row (a POST with the page's token). Its ids are the
 * table's {@link Table#arguments()}: the parent row's id, if the table has a parent, then the row's.
 *
 * @param name the command's name ("set-cancel"), unique among the container's Estuary commands
 * @param label the button's text ("Cancel set")
 * @param description what it does, for the command's help
 * @param table the table whose rows it acts on
 * @param performer does it
 * @param done what it says when done, with {@code {0}}, {@code {1}} standing for the ids ("Cancelled renewal set
 *        {0}")
 * @param none what it says when there was no such row ("no renewal set {0}")
 */
@ProviderType
public record Action(String name, String label, String description, Table<?> table, Performer performer,
        String done, String none) {

    /** Performs an action. */
    @ConsumerType
    @FunctionalInterface
    public interface Performer {
        /**
         * @param ids the row's ids, as {@link Table#arguments()} names them
         * @return false if there is no such row (nothing changed)
         * @throws IOException if the service's store did not record the change (nothing changed)
         */
        boolean perform(long... ids) throws IOException;
    }

    public Action {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(performer, "performer");
        Objects.requireNonNull(done, "done");
        Objects.requireNonNull(none, "none");
    }

    /**
     * Performs the action on the row with {@code ids}.
     *
     * @return the confirmation ({@link #done()} with the ids)
     * @throws IllegalArgumentException if the ids are not as many as the table's arguments, or there is no such
     *         row ({@link #none()} with the ids)
     * @throws IOException if the service's store did not record the change
     */
    public String perform(long... ids) throws IOException {
        if (ids.length != table.arguments().size()) {
            throw new IllegalArgumentException(name + " takes " + String.join(" and ", table.arguments()));
        }
        if (!performer.perform(ids)) {
            throw new IllegalArgumentException(say(none, ids));
        }
        return say(done, ids);
    }

    /** {@code text} with {@code {0}}, {@code {1}}... replaced by the ids as {@link Ids#format} writes them. */
    public static String say(String text, long... ids) {
        String said = text;
        for (int i = 0; i < ids.length; i++) {
            said = said.replace("{" + i + "}", Ids.format(ids[i]));
        }
        return said;
    }

    /** The names of the ids this action takes. */
    public List<String> arguments() {
        return table.arguments();
    }
}
