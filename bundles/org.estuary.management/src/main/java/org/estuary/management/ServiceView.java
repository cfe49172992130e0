package org.estuary.management;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a service shows to operators and lets them do, described once; a service registers it as an OSGi service
 * and gets, without code of its own, shell commands ({@code org.estuary.shell}: one per table, one per action,
 * and its metrics in {@code estuary:metrics}) and a web console page ({@code org.estuary.webconsole}: its tables,
 * buttons for its actions, its metrics). The shell and the console render every view the same way, so a view says
 * only what is the service's.
 *
 * @param name the service's short name, lower case ("renewal"): its console page is {@code estuary-NAME}; a
 *        service with a failover role uses its instance's name (the first segment of its store spaces), so its page
 *        shows the role and, while another container is active for it, this container's page of that name says which
 * @param title the page's title ("Estuary lease renewal")
 * @param tables the tables; the first without a parent is what the page shows first
 * @param actions what operators may do to rows of the tables
 * @param metrics the service's metrics (name to value, in a fixed order), or null for none
 */
@ProviderType
public record ServiceView(String name, String title, List<Table<?>> tables, List<Action> actions,
        Supplier<Map<String, Long>> metrics) {

    public ServiceView {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        tables = List.copyOf(tables);
        actions = List.copyOf(actions);
        if (tables.stream().noneMatch(table -> table.parent() == null)) {
            throw new IllegalArgumentException("view " + name + " needs a table without a parent");
        }
    }

    /** The table the page shows first. */
    public Table<?> main() {
        return tables.stream().filter(table -> table.parent() == null).findFirst().orElseThrow();
    }

    /** The table whose rows belong to {@code parent}'s, if any. */
    public java.util.Optional<Table<?>> childOf(Table<?> parent) {
        return tables.stream().filter(table -> table.parent() == parent).findFirst();
    }

    /** The actions on {@code table}'s rows. */
    public List<Action> actionsOn(Table<?> table) {
        return actions.stream().filter(action -> action.table() == table).toList();
    }
}
