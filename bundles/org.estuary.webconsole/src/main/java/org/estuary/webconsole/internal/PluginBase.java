package org.estuary.webconsole.internal;

import java.io.IOException;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.AbstractWebConsolePlugin;
import org.apache.felix.webconsole.WebConsoleConstants;

/**
 * What every Estuary page shares: the category, the plugin root for links and forms, and the CSRF check of POSTs
 * (issue 7 item 6). The console authenticates every request (Karaf's JAAS realm) before it reaches a plugin.
 */
abstract class PluginBase extends AbstractWebConsolePlugin {

    private static final long serialVersionUID = 1L;

    /** The attribute the OSGi Http Whiteboard's authentication leaves the user name in. */
    private static final String REMOTE_USER = "org.osgi.service.http.authentication.remote.user";

    private final transient Csrf csrf = new Csrf();

    @Override
    public String getCategory() {
        return Html.CATEGORY;
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
    boolean allowed(HttpServletRequest request, HttpServletResponse response) throws IOException {
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
