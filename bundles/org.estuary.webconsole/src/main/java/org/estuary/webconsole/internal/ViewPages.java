package org.estuary.webconsole.internal;

import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;

import javax.servlet.Servlet;

import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.management.MetricsHistory;
import org.estuary.management.ServiceView;
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
 * the view's samples from {@link MetricsHistory}.
 */
@Component(immediate = true, service = {})
public final class ViewPages {

    private final BundleContext context;
    private final MetricsHistory history;
    private final Map<ServiceView, Registered> pages = new HashMap<>();
    private boolean closed;

    private record Registered(ViewPlugin plugin, ServiceRegistration<Servlet> registration) {
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
        ViewPlugin plugin = new ViewPlugin(view, history);
        plugin.activate(context);
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(WebConsoleConstants.PLUGIN_LABEL, plugin.getLabel());
        properties.put(WebConsoleConstants.PLUGIN_TITLE, plugin.getTitle());
        properties.put(WebConsoleConstants.PLUGIN_CATEGORY, Html.CATEGORY);
        synchronized (pages) {
            if (!closed && !pages.containsKey(view)) {
                pages.put(view, new Registered(plugin, context.registerService(Servlet.class, plugin, properties)));
            }
        }
    }

    void unbindView(ServiceView view) {
        Registered page;
        synchronized (pages) {
            page = pages.remove(view);
        }
        if (page != null) {
            page.unregister();
        }
    }

    @Deactivate
    void deactivate() {
        Map<ServiceView, Registered> all;
        synchronized (pages) {
            closed = true;
            all = new HashMap<>(pages);
            pages.clear();
        }
        all.values().forEach(Registered::unregister);
    }
}
