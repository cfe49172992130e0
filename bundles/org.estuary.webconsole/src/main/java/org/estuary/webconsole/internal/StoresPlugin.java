package org.estuary.webconsole.internal;

import java.io.IOException;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.store.api.StoreInventory;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/** The web console page of the stores, at {@code /system/console/estuary-stores}; read only. */
@Component(service = Servlet.class, property = {
    WebConsoleConstants.PLUGIN_LABEL + "=" + StoresPage.LABEL,
    WebConsoleConstants.PLUGIN_TITLE + "=" + StoresPage.TITLE,
    WebConsoleConstants.PLUGIN_CATEGORY + "=" + Html.CATEGORY})
public final class StoresPlugin extends PluginBase {

    private static final long serialVersionUID = 1L;

    private final transient BundleContext context;

    @Activate
    public StoresPlugin(BundleContext context) {
        this.context = context;
        activate(context);
    }

    @Override
    @Deactivate
    public void deactivate() {
        super.deactivate();
    }

    @Override
    public String getLabel() {
        return StoresPage.LABEL;
    }

    @Override
    public String getTitle() {
        return StoresPage.TITLE;
    }

    @Override
    protected void renderContent(HttpServletRequest request, HttpServletResponse response) throws IOException {
        StoresPage.render(response.getWriter(), StoreInventory.read(context));
    }
}
