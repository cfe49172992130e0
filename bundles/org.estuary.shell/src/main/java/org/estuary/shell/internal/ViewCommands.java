package org.estuary.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.karaf.shell.api.console.Registry;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.estuary.management.ServiceView;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Registers the commands of every {@link ServiceView} in Karaf's shell, while the view is registered: one command
 * per table ({@code estuary:sets}), one per action ({@code estuary:set-cancel}), and {@code estuary:metrics} over
 * all views. The commands go into the registry of Karaf's {@link SessionFactory}, which every console and SSH
 * session reads.
 */
@Component(immediate = true, service = {})
public final class ViewCommands {

    private static final System.Logger LOG = System.getLogger(ViewCommands.class.getName());

    private final Registry registry;
    private final Map<ServiceView, List<Object>> registered = new ConcurrentHashMap<>();
    private final MetricsCommand metrics = new MetricsCommand();

    @Activate
    public ViewCommands(@Reference SessionFactory sessions) {
        this.registry = sessions.getRegistry();
        registry.register(metrics);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindView(ServiceView view) {
        List<BaseCommand> commands = new ArrayList<>();
        view.tables().forEach(table -> commands.add(new TableCommand(table)));
        view.actions().forEach(action -> commands.add(new ActionCommand(action)));
        List<Object> added = new ArrayList<>();
        for (BaseCommand command : commands) {
            if (registry.getCommand(BaseCommand.SCOPE, command.getName()) != null) {
                LOG.log(System.Logger.Level.WARNING, "Estuary shell: " + BaseCommand.SCOPE + ":" + command.getName()
                        + " of the view " + view.name() + " is not registered: another view has a command of that "
                        + "name (give the table or action another name)");
            } else {
                registry.register(command);
                added.add(command);
            }
        }
        registered.put(view, added);
        metrics.add(view);
    }

    void unbindView(ServiceView view) {
        metrics.remove(view);
        List<Object> commands = registered.remove(view);
        if (commands != null) {
            commands.forEach(registry::unregister);
        }
    }

    @Deactivate
    void deactivate() {
        registered.values().forEach(commands -> commands.forEach(registry::unregister));
        registered.clear();
        registry.unregister(metrics);
    }
}
