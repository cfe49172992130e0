package org.estuary.webconsole.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.store.api.FailoverRoles;

/**
 * A {@link ServiceView} as a page: its first table a page at a time, a row's child table when the query names the
 * row ({@code ?set=ID}), a button per action in each row, and the metrics. Rendering and actions take plain inputs
 * (a writer, a parameter function, the page's URL and form token); {@link ViewPlugin} adapts the servlet. Every
 * cell goes through {@link Html#text}; a message after an action is made from the action's own text and the ids
 * read back as numbers, never from the query's text.
 */
final class ViewPage {

    /** The path, below the page, of the view's metrics history. */
    static final String HISTORY = "history.json";

    private final ServiceView view;
    /** The failover role of a service instance by name, if failover runs in this container. */
    private final Function<String, Optional<FailoverRoles.Role>> roles;

    ViewPage(ServiceView view, Function<String, Optional<FailoverRoles.Role>> roles) {
        this.view = view;
        this.roles = roles;
    }

    String name() {
        return view.name();
    }

    String label() {
        return "estuary-" + view.name();
    }

    String title() {
        return view.title();
    }

    /** Renders the page for a GET with query {@code params}; forms post to {@code root} with {@code token}. */
    void render(PrintWriter out, Function<String, String> params, String root, String token) {
        // the view of a service instance (renewal, mailbox, txn, discovery) shows its failover role first
        roles.apply(view.name()).ifPresent(role -> out.println("<p class=\"statline\" id=\"estuary-failover\">"
                + "Failover: " + Html.text(Format.role(role)) + "</p>"));
        String message = message(params);
        if (message != null) {
            out.println("<p class=\"statline ui-state-highlight\" id=\"estuary-message\">" + Html.text(message)
                    + "</p>");
        }
        try {
            Paging paging = Paging.of(params);
            for (Table<?> table : view.tables()) {
                String parent = table.parent() == null ? null : params.apply(table.parent().row());
                if (parent != null && !parent.isEmpty()) {
                    child(out, table, Ids.parse(parent), paging, root, token);
                    return;
                }
            }
            main(out, view.main(), paging, root, token);
        } catch (IllegalArgumentException e) {
            out.println("<p class=\"statline ui-state-error\" id=\"estuary-error\">" + Html.text(sentence(
                    e.getMessage())) + "</p>");
        }
    }

    private <T> void main(PrintWriter out, Table<T> table, Paging paging, String root, String token) {
        Page<T> page = table.read(null, paging.offset(), paging.limit(), paging.after());
        statline(out, table.summary().of(null, page), "");
        rows(out, table, null, page, root, token);
        paging.pager(out, Html.text(root) + "?", page.items().size(), page.total(), lastKey(table, page));
        metrics(out, root);
    }

    private <T> void child(PrintWriter out, Table<T> table, long parent, Paging paging, String root,
            String token) {
        out.println("<p class=\"statline\"><a href=\"" + Html.text(root) + "\">All " + Html.text(
                table.parent().name()) + "</a></p>");
        Page<T> page = table.read(parent, paging.offset(), paging.limit(), paging.after());
        StringBuilder forms = new StringBuilder();
        for (Action action : view.actionsOn(table.parent())) {
            forms.append(' ').append(form(root, token, action, ids(table.parent(), null, parent)));
        }
        statline(out, table.summary().of(parent, page), forms.toString());
        rows(out, table, parent, page, root, token);
        String row = table.parent().row();
        paging.pager(out, Html.text(root) + "?" + row + "=" + Ids.format(parent) + "&amp;", page.items().size(),
                page.total(), lastKey(table, page));
    }

    private static void statline(PrintWriter out, String summary, String forms) {
        if (summary != null || !forms.isEmpty()) {
            out.println("<p class=\"statline\">" + (summary == null ? "" : Html.text(sentence(summary))) + forms
                    + "</p>");
        }
    }

    private <T> void rows(PrintWriter out, Table<T> table, Long parent, Page<T> page, String root, String token) {
        List<Action> actions = view.actionsOn(table);
        boolean linked = view.childOf(table).isPresent();
        StringBuilder head = new StringBuilder();
        for (Column<T> column : table.columns()) {
            head.append("<th>").append(Html.text(column.heading())).append("</th>");
        }
        if (!actions.isEmpty()) {
            head.append("<th>Actions</th>");
        }
        out.println("<table class=\"nicetable\" id=\"estuary-" + Html.text(table.name()) + "\"><thead><tr>" + head
                + "</tr></thead><tbody>");
        for (T item : page.items()) {
            String key = Ids.format(table.key().applyAsLong(item));
            StringBuilder row = new StringBuilder("<tr data-" + Html.text(table.row()) + "=\"" + key + "\">");
            for (int i = 0; i < table.columns().size(); i++) {
                String cell = Html.text(table.columns().get(i).cell().apply(item));
                if (i == 0 && linked) {
                    cell = "<a href=\"" + Html.text(root) + "?" + Html.text(table.row()) + "=" + key + "\">" + cell
                            + "</a>";
                }
                row.append("<td>").append(cell).append("</td>");
            }
            if (!actions.isEmpty()) {
                row.append("<td>");
                for (Action action : actions) {
                    row.append(form(root, token, action, ids(table, parent, table.key().applyAsLong(item))));
                }
                row.append("</td>");
            }
            out.println(row.append("</tr>"));
        }
        out.println("</tbody></table>");
    }

    /** The service's metrics, one row, and their charts over the last minutes (drawn by {@code res/charts.js}). */
    private void metrics(PrintWriter out, String root) {
        if (view.metrics() == null) {
            return;
        }
        Map<String, Long> metrics = view.metrics().get();
        StringBuilder head = new StringBuilder();
        StringBuilder row = new StringBuilder();
        metrics.forEach((name, value) -> {
            head.append("<th>").append(Html.text(name)).append("</th>");
            row.append("<td>").append(value).append("</td>");
        });
        out.println("<p class=\"statline\">Metrics since the service started (latencies in microseconds).</p>");
        out.println("<table class=\"nicetable\" id=\"estuary-metrics\"><thead><tr>" + head + "</tr></thead><tbody><tr>"
                + row + "</tr></tbody></table>");
        String res = Html.text(root) + "/res/";
        out.println("<link rel=\"stylesheet\" href=\"" + res + "uplot/uPlot.min.css\">");
        out.println("<div id=\"estuary-charts\" data-history=\"" + Html.text(root) + "/" + HISTORY + "\">"
                + "<p class=\"statline\">Per second and latencies over the last minutes, sampled every few seconds"
                + " (loading).</p><div id=\"estuary-chart-rates\" style=\"display:inline-block\"></div>"
                + "<div id=\"estuary-chart-latencies\" style=\"display:inline-block\"></div>"
                + "<table class=\"nicetable\" id=\"estuary-chart-summary\"></table></div>");
        out.println("<script src=\"" + res + "uplot/uPlot.iife.min.js\"></script>");
        out.println("<script src=\"" + res + "charts.js\"></script>");
    }

    private static String form(String root, String token, Action action, long[] ids) {
        StringBuilder form = new StringBuilder("<form method=\"post\" action=\"" + Html.text(root)
                + "\" style=\"display:inline\"><input type=\"hidden\" name=\"action\" value=\""
                + Html.text(action.name()) + "\">");
        List<String> names = action.arguments();
        for (int i = 0; i < ids.length; i++) {
            form.append("<input type=\"hidden\" name=\"").append(Html.text(names.get(i))).append("\" value=\"")
                    .append(Ids.format(ids[i])).append("\">");
        }
        return form + "<input type=\"hidden\" name=\"" + Csrf.PARAMETER + "\" value=\"" + Html.text(token) + "\">"
                + "<input type=\"submit\" class=\"ui-state-default ui-corner-all\" id=\"estuary-"
                + Html.text(action.name()) + "-" + Ids.format(ids[ids.length - 1]) + "\" value=\""
                + Html.text(action.label()) + "\"></form>";
    }

    /**
     * Performs a POSTed action (the caller has checked the CSRF token) and returns the query to redirect to: the
     * page the row was on, with the action's message.
     *
     * @throws IllegalArgumentException for an unknown action or malformed ids
     * @throws IOException if the store did not record the change
     */
    String act(Function<String, String> params) throws IOException {
        Action action = action(String.valueOf(params.apply("action")));
        List<String> names = action.arguments();
        long[] ids = new long[names.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = Ids.parse(params.apply(names.get(i)));
        }
        boolean done = action.performer().perform(ids);
        String page = ids.length > 1 ? "?" + names.get(0) + "=" + Ids.format(ids[0]) + "&" : "?";
        List<String> text = new ArrayList<>();
        for (long id : ids) {
            text.add(Ids.format(id));
        }
        return page + "msg=" + action.name() + (done ? "" : ".none") + "&ids=" + String.join(".", text);
    }

    private Action action(String name) {
        return view.actions().stream().filter(action -> action.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown action"));
    }

    /** The message a redirect asks for, made from the action's text and the ids read as numbers; null if none. */
    private String message(Function<String, String> params) {
        String msg = params.apply("msg");
        String ids = params.apply("ids");
        if (msg == null || ids == null) {
            return null;
        }
        boolean none = msg.endsWith(".none");
        try {
            Action action = action(none ? msg.substring(0, msg.length() - ".none".length()) : msg);
            String[] parts = ids.split("\\.");
            if (parts.length != action.arguments().size()) {
                return null;
            }
            long[] read = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                read[i] = Ids.parse(parts[i]);
            }
            return sentence(Action.say(none ? action.none() : action.done(), read));
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }

    private static long[] ids(Table<?> table, Long parent, long key) {
        return table.parent() == null ? new long[] {key} : new long[] {parent, key};
    }

    private static <T> Long lastKey(Table<T> table, Page<T> page) {
        return page.items().isEmpty() ? null : table.key().applyAsLong(page.items().get(page.items().size() - 1));
    }

    /** A line as a sentence: capital first letter, full stop. */
    private static String sentence(String line) {
        if (line == null || line.isEmpty()) {
            return "";
        }
        String capital = Character.toUpperCase(line.charAt(0)) + line.substring(1);
        return capital.endsWith(".") ? capital : capital + ".";
    }
}
