package org.estuary.webconsole.internal;

import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.servlet.Servlet;

import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.MetricsHistory;
import org.estuary.management.Pages;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.api.FailoverRoles;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * Registers a web console page for every {@link ServiceView} while the view is registered: a {@link ViewPlugin}
 * servlet with the {@code felix.webconsole.*} properties, at {@code /system/console/estuary-NAME}, whose charts read
 * the view's samples from {@link MetricsHistory}. With failover ({@link FailoverRoles}), the page of a service
 * instance's view shows the instance's role first, and an instance whose service does not run here (this container
 * stands by for it) has a standby page at the same address naming the active container.
 */
@Component(immediate = true, service = {})
public final class ViewPages {

    private final BundleContext context;
    private final MetricsHistory history;
    /** The pages by label: a view's, or a standby page of an instance without one. */
    private final Map<String, Registered> pages = new HashMap<>();
    private volatile FailoverRoles roles;
    private boolean closed;

    private record Registered(ServiceView view, ViewPlugin plugin, ServiceRegistration<Servlet> registration,
            boolean standby) {
        void unregister() {
            registration.unregister();
            plugin.deactivate();
        }
    }

    @Activate
    public ViewPages(BundleContext context, @Reference MetricsHistory history) {
        this.context = context;
        this.history = history;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindView(ServiceView view) {
        synchronized (pages) {
            Registered there = pages.get(label(view.name()));
            if (closed || there != null && !there.standby()) {
                return;
            }
            if (there != null) {
                pages.remove(label(view.name())).unregister();
            }
            register(view, false);
        }
    }

    void unbindView(ServiceView view) {
        synchronized (pages) {
            Registered page = pages.get(label(view.name()));
            if (page == null || page.view() != view) {
                return;
            }
            pages.remove(label(view.name())).unregister();
            if (!closed && role(view.name()).isPresent()) {
                register(standby(view.name()), true);
            }
        }
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindRoles(FailoverRoles bound) {
        roles = bound;
        synchronized (pages) {
            for (FailoverRoles.Role role : bound.roles()) {
                if (!closed && !pages.containsKey(label(role.instance()))) {
                    register(standby(role.instance()), true);
                }
            }
        }
    }

    void unbindRoles(FailoverRoles unbound) {
        if (roles != unbound) {
            return;
        }
        roles = null;
        synchronized (pages) {
            for (Registered page : List.copyOf(pages.values())) {
                if (page.standby()) {
                    pages.remove(label(page.view().name())).unregister();
                }
            }
        }
    }

    @Deactivate
    void deactivate() {
        Map<String, Registered> all;
        synchronized (pages) {
            closed = true;
            all = new HashMap<>(pages);
            pages.clear();
        }
        all.values().forEach(Registered::unregister);
    }

    /** The failover role of {@code instance} in this container, if failover runs and covers it. */
    private Optional<FailoverRoles.Role> role(String instance) {
        FailoverRoles now = roles;
        return now == null ? Optional.empty() : now.role(instance);
    }

    private void register(ServiceView view, boolean standby) {
        ViewPlugin plugin = new ViewPlugin(view, history, this::role);
        plugin.activate(context);
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(WebConsoleConstants.PLUGIN_LABEL, plugin.getLabel());
        properties.put(WebConsoleConstants.PLUGIN_TITLE, plugin.getTitle());
        properties.put(WebConsoleConstants.PLUGIN_CATEGORY, Html.CATEGORY);
        pages.put(plugin.getLabel(), new Registered(view, plugin, context.registerService(Servlet.class, plugin,
                properties), standby));
    }

    private static String label(String name) {
        return "estuary-" + name;
    }

    /**
     * The page of an instance whose service does not run in this container: its role (the page's first line says
     * who is active), read at every request.
     */
    private ServiceView standby(String instance) {
        Table<FailoverRoles.Role> table = new Table<>(instance + "-role", "role", "this container's failover role "
                + "for the service instance " + instance, null, List.of(
                        Column.text("instance", FailoverRoles.Role::instance),
                        Column.text("role", Format::role)),
                role -> 1, (parent, offset, limit, after) -> Pages.of(role(instance).stream().toList(), offset,
                        limit), (parent, page) -> null);
        return new ServiceView(instance, "Estuary " + instance + " (failover)", List.of(table), List.of(), null);
    }
}
