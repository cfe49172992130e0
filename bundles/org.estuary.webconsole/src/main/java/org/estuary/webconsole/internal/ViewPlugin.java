package org.estuary.webconsole.internal;

import java.io.IOException;
import java.net.URL;
import java.util.Set;

import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.AbstractWebConsolePlugin;
import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.management.MetricsHistory;
import org.estuary.management.MetricsSeries;
import org.estuary.management.ServiceView;
import org.estuary.store.api.FailoverRoles;

/**
 * The web console page of one {@link ServiceView}: GET renders it ({@link ViewPage}), POST performs an action,
 * only with the page's CSRF token for the authenticated user and from the same origin. The console authenticates
 * every request (Karaf's JAAS realm) before it reaches a plugin. {@code estuary-NAME/history.json} is the view's
 * metrics history ({@link HistoryJson}) that the page's charts read; {@code estuary-NAME/res/} serves the charting
 * library and the charts' script from this bundle, so the page needs no network but the console's.
 */
final class ViewPlugin extends AbstractWebConsolePlugin {

    private static final long serialVersionUID = 1L;

    /** The attribute the OSGi Http Whiteboard's authentication leaves the user name in. */
    private static final String REMOTE_USER = "org.osgi.service.http.authentication.remote.user";

    /** The charts' files in this bundle: uPlot (MIT licence, its LICENSE beside it) and the script that uses it. */
    static final Set<String> RESOURCES = Set.of("uplot/uPlot.iife.min.js", "uplot/uPlot.min.css",
            "uplot/LICENSE", "charts.js");
    private static final String RESOURCE_FOLDER = "/org/estuary/webconsole/res/";

    private final transient ViewPage page;
    private final transient MetricsHistory history;
    private final transient Csrf csrf = new Csrf();

    ViewPlugin(ServiceView view, MetricsHistory history,
            java.util.function.Function<String, java.util.Optional<FailoverRoles.Role>> roles) {
        this.page = new ViewPage(view, roles);
        this.history = history;
    }

    @Override
    public String getLabel() {
        return page.label();
    }

    @Override
    public String getTitle() {
        return page.title();
    }

    @Override
    public String getCategory() {
        return Html.CATEGORY;
    }

    @Override
    protected void renderContent(HttpServletRequest request, HttpServletResponse response) throws IOException {
        page.render(response.getWriter(), request::getParameter, root(request), token(request));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        if (("/" + getLabel() + "/" + ViewPage.HISTORY).equals(request.getPathInfo())) {
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setHeader("Cache-Control", "no-store");
            HistoryJson.write(response.getWriter(), history.interval().toSeconds(),
                    MetricsSeries.of(history.samples(page.name())));
            return;
        }
        super.doGet(request, response);
    }

    /**
     * The console's resource hook (Felix Web Console calls it for every GET and serves what it returns): one of
     * {@link #RESOURCES} under {@code /estuary-NAME/res/}, else null.
     */
    public URL getResource(String path) {
        String prefix = "/" + getLabel() + "/res/";
        if (path == null || !path.startsWith(prefix) || !RESOURCES.contains(path.substring(prefix.length()))) {
            return null;
        }
        return ViewPlugin.class.getResource(RESOURCE_FOLDER + path.substring(prefix.length()));
    }

    /** State changes are POST only, with the page's token. */
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

    /** The URL of this page, for links and form actions. */
    String root(HttpServletRequest request) {
        Object root = request.getAttribute(WebConsoleConstants.ATTR_PLUGIN_ROOT);
        return root != null ? root.toString() : request.getContextPath() + request.getServletPath() + "/" + getLabel();
    }

    /** The form token of the authenticated user on this page. */
    String token(HttpServletRequest request) {
        return csrf.token(user(request), getLabel());
    }

    /** Refuses (403) a POST without this page's token for the user or from another origin; true if allowed. */
    private boolean allowed(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!Csrf.sameOrigin(request.getHeader("Origin"), request.getHeader("Referer"), request.getHeader("Host"))
                || !csrf.valid(request.getParameter(Csrf.PARAMETER), user(request), getLabel())) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN,
                    "refused: reload the page and submit its form again (cross-site request check)");
            return false;
        }
        return true;
    }

    private static String user(HttpServletRequest request) {
        String user = request.getRemoteUser();
        if (user == null) {
            Object attribute = request.getAttribute(REMOTE_USER);
            user = attribute == null ? "" : attribute.toString();
        }
        return user;
    }
}
