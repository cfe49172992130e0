package org.estuary.webconsole.internal;

import java.io.IOException;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.renewal.admin.RenewalAdmin;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The web console page of the lease renewal service, at {@code /system/console/estuary-renewal}. Disabled until
 * {@link ServiceViews} finds the service's admin package wired (it is an optional import).
 */
@Component(name = RenewalPlugin.NAME, enabled = false, service = Servlet.class, property = {
    WebConsoleConstants.PLUGIN_LABEL + "=" + RenewalPage.LABEL,
    WebConsoleConstants.PLUGIN_TITLE + "=" + RenewalPage.TITLE,
    WebConsoleConstants.PLUGIN_CATEGORY + "=" + Html.CATEGORY})
public final class RenewalPlugin extends PluginBase {

    static final String NAME = "org.estuary.webconsole.renewal";

    private static final long serialVersionUID = 1L;

    private final transient RenewalPage page;

    @Activate
    public RenewalPlugin(BundleContext context, @Reference RenewalAdmin admin) {
        this.page = new RenewalPage(admin);
        activate(context);
    }

    @Override
    @Deactivate
    public void deactivate() {
        super.deactivate();
    }

    @Override
    public String getLabel() {
        return RenewalPage.LABEL;
    }

    @Override
    public String getTitle() {
        return RenewalPage.TITLE;
    }

    @Override
    protected void renderContent(HttpServletRequest request, HttpServletResponse response) throws IOException {
        page.render(response.getWriter(), request::getParameter, root(request), token(request));
    }

    /** Issue 7 item 6: state changes are POST only, with the page's token. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!allowed(request, response)) {
            return;
        }
        try {
            response.sendRedirect(root(request) + page.act(request::getParameter));
        } catch (IllegalArgumentException e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "malformed request: unknown action or id");
        } catch (IOException e) {
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "the store did not record the change, so nothing changed; try again");
        }
    }
}
