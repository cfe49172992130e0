package org.estuary.webconsole.internal;

import java.io.IOException;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.AbstractWebConsolePlugin;
import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.management.ServiceView;

/**
 * The web console page of one {@link ServiceView}: GET renders it ({@link ViewPage}), POST performs an action,
 * only with the page's CSRF token for the authenticated user and from the same origin. The console authenticates
 * every request (Karaf's JAAS realm) before it reaches a plugin.
 */
final class ViewPlugin extends AbstractWebConsolePlugin {

    private static final long serialVersionUID = 1L;

    /** The attribute the OSGi Http Whiteboard's authentication leaves the user name in. */
    private static final String REMOTE_USER = "org.osgi.service.http.authentication.remote.user";

    private final transient ViewPage page;
    private final transient Csrf csrf = new Csrf();

    ViewPlugin(ServiceView view) {
        this.page = new ViewPage(view);
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
