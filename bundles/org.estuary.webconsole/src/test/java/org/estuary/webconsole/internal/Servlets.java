package org.estuary.webconsole.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** Minimal request and response stand-ins (dynamic proxies) for the plugin tests. */
final class Servlets {

    static final class Request {
        final Map<String, String> parameters = new HashMap<>();
        final Map<String, String> headers = new HashMap<>();
        final Map<String, Object> attributes = new HashMap<>();
        String user = "admin";
        String method = "POST";
        String pathInfo;

        HttpServletRequest proxy() {
            return (HttpServletRequest) Proxy.newProxyInstance(Servlets.class.getClassLoader(),
                    new Class<?>[] {HttpServletRequest.class}, (p, m, args) -> switch (m.getName()) {
                        case "getParameter" -> parameters.get((String) args[0]);
                        case "getHeader" -> headers.get((String) args[0]);
                        case "getAttribute" -> attributes.get((String) args[0]);
                        case "getRemoteUser" -> user;
                        case "getMethod" -> method;
                        case "getPathInfo" -> pathInfo;
                        case "getContextPath" -> "";
                        case "getServletPath" -> "/system/console";
                        default -> null;
                    });
        }
    }

    static final class Response {
        int status = 200;
        String location;
        String error;
        String contentType;
        final StringWriter body = new StringWriter();

        HttpServletResponse proxy() {
            PrintWriter writer = new PrintWriter(body);
            return (HttpServletResponse) Proxy.newProxyInstance(Servlets.class.getClassLoader(),
                    new Class<?>[] {HttpServletResponse.class}, (p, m, args) -> {
                        switch (m.getName()) {
                            case "getWriter":
                                return writer;
                            case "setContentType":
                                contentType = (String) args[0];
                                return null;
                            case "sendRedirect":
                                status = 302;
                                location = (String) args[0];
                                return null;
                            case "sendError":
                                status = (Integer) args[0];
                                error = args.length > 1 ? (String) args[1] : null;
                                return null;
                            default:
                                return null;
                        }
                    });
        }
    }

    private Servlets() {
    }
}
