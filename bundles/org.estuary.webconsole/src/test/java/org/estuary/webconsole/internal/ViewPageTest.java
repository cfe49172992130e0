package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.estuary.management.testing.SampleView;
import org.estuary.store.api.FailoverRoles;
import org.junit.jupiter.api.Test;

/** A view as a page: tables, links to a row's child table, paging, action buttons, messages, escaping. */
class ViewPageTest {

    private static final String ROOT = "/system/console/estuary-sample";
    private static final String XSS = "<script>alert('x')</script>\"&";

    private final SampleView sample = new SampleView();
    /** The failover roles the page reads: none unless a test puts one. */
    private final Map<String, FailoverRoles.Role> roles = new HashMap<>();
    private final ViewPage page = new ViewPage(sample.view, instance -> Optional.ofNullable(roles.get(instance)));
    private final Map<String, String> params = new HashMap<>();

    private String render() {
        StringWriter body = new StringWriter();
        page.render(new PrintWriter(body), params::get, ROOT, "TOKEN");
        return body.toString();
    }

    @Test
    void theFirstTableWithActionFormsLinksPagerAndMetrics() {
        for (int i = 1; i <= 120; i++) {
            sample.add(i, "thing " + i, i % 3);
        }
        assertEquals("estuary-sample", page.label());
        String html = render();
        assertTrue(html.contains("<p class=\"statline\">120 things.</p>"), html);
        assertTrue(html.contains("<table class=\"nicetable\" id=\"estuary-things\">"), html);
        assertTrue(html.contains("<th>Thing</th><th>Name</th><th>Expires</th><th>Parts</th><th>Actions</th>"), html);
        assertTrue(html.contains("<tr data-thing=\"1\"><td><a href=\"" + ROOT + "?thing=1\">1</a></td>"), html);
        assertTrue(html.contains("<tr data-thing=\"50\">"), html);
        assertFalse(html.contains("data-thing=\"51\""), "50 rows per page by default");
        assertTrue(html.contains("id=\"estuary-thing-drop-7\" value=\"Drop thing\""), html);
        assertTrue(html.contains("<input type=\"hidden\" name=\"thing\" value=\"7\">"), html);
        assertTrue(html.contains("method=\"post\""), html);
        assertTrue(html.contains("name=\"estuary-csrf\" value=\"TOKEN\""), html);
        assertTrue(html.contains("Rows 1-50 of 120."), html);
        assertTrue(html.contains("offset=50&amp;limit=50&amp;after=50\">next</a>"), html);
        assertTrue(html.contains("offset=70&amp;limit=50\">last</a>"), html);
        assertTrue(html.contains("<th>store.write.p99.us</th>"), "metrics shown");
        assertTrue(html.contains("<td>1234</td>"), html);
        assertTrue(html.contains("<div id=\"estuary-charts\" data-history=\"" + ROOT + "/history.json\">"), html);
        assertTrue(html.contains("<script src=\"" + ROOT + "/res/uplot/uPlot.iife.min.js\"></script>"), html);
        assertTrue(html.contains("<script src=\"" + ROOT + "/res/charts.js\"></script>"), html);

        params.put("offset", "100");
        String last = render();
        assertTrue(last.contains("Rows 101-120 of 120."), last);
        assertTrue(last.contains("previous"), last);
        assertFalse(last.contains(">next<"), last);

        params.put("offset", "50");
        params.put("after", "50"); // the next link: the view seeks to the row after 50
        String next = render();
        assertTrue(next.contains("Rows 51-100 of 120."), next);
        assertTrue(next.contains("<tr data-thing=\"51\">"), next);
        assertFalse(next.contains("data-thing=\"50\""), next);

        params.put("after", "<script>");
        assertFalse(render().contains("<script>"), "a malformed key is refused without echo");
    }

    @Test
    void aRowsChildTableWithItsOwnAndItsParentsActions() {
        sample.add(9, "nine", 60);
        params.put("thing", "9");
        String html = render();
        assertTrue(html.contains("<a href=\"" + ROOT + "\">All things</a>"), html);
        assertTrue(html.contains("Thing 9, 60 parts."), html);
        assertTrue(html.contains("id=\"estuary-thing-drop-9\""), "the parent row's action: " + html);
        assertTrue(html.contains("<table class=\"nicetable\" id=\"estuary-parts\">"), html);
        assertTrue(html.contains("<tr data-part=\"1\"><td>1</td><td>Part#1</td>"), "no child: no link: " + html);
        assertTrue(html.contains("id=\"estuary-part-remove-3\""), html);
        assertTrue(html.contains("<input type=\"hidden\" name=\"thing\" value=\"9\"><input type=\"hidden\" "
                + "name=\"part\" value=\"2\">"), html);
        assertTrue(html.contains("?thing=9&amp;offset=50&amp;limit=50&amp;after=50\">next</a>"),
                "the pager stays on the thing: " + html);
        assertFalse(html.contains("estuary-metrics"), "metrics are on the first page");
    }

    @Test
    void clientTextIsEscapedEverywhere() {
        sample.add(4, XSS, 1);
        sample.things.get(4L).parts().put(1L, new SampleView.Part(4, 1, XSS));
        String things = render();
        assertFalse(things.contains("<script>"), things);
        assertTrue(things.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;"), things);
        params.put("thing", "4");
        String parts = render();
        assertFalse(parts.contains("<script>"), parts);
    }

    @Test
    void aBadQueryIsReportedWithoutEchoingIt() {
        params.put("offset", XSS);
        String html = render();
        assertTrue(html.contains("Offset is not a number."), html);
        assertFalse(html.contains("<script>"), html);
        params.put("offset", "-1");
        assertTrue(render().contains("Offset must not be negative."));
        params.remove("offset");
        params.put("limit", "5000");
        assertTrue(render().contains("Limit must be within 1..1000."));
        params.remove("limit");
        params.put("thing", XSS);
        String thing = render();
        assertFalse(thing.contains("<script>"), thing);
        assertTrue(thing.contains("id=\"estuary-error\""), thing);
        params.put("thing", "77");
        assertTrue(render().contains("No thing 77."));
        params.put("thing", "");
        params.put("msg", XSS);
        params.put("ids", "1");
        assertFalse(render().contains("estuary-message"), "only the view's own messages are shown");
        params.put("msg", "thing-drop");
        params.put("ids", XSS);
        assertFalse(render().contains("estuary-message"), "ids are read as numbers or not at all");
        params.put("ids", "5");
        assertTrue(render().contains("<p class=\"statline ui-state-highlight\" id=\"estuary-message\">Dropped thing "
                + "5.</p>"));
        params.put("msg", "part-remove.none");
        params.put("ids", "5.2");
        assertTrue(render().contains("Thing 5 has no part 2."));
    }

    @Test
    void actionsPerformAndRedirectToTheRowsPageWithTheirMessage() throws Exception {
        sample.add(9, "nine", 3);
        assertEquals("?thing=9&msg=part-remove&ids=9.2",
                page.act(Map.of("action", "part-remove", "thing", "9", "part", "2")::get));
        assertEquals("?thing=9&msg=part-remove.none&ids=9.2",
                page.act(Map.of("action", "part-remove", "thing", "9", "part", "2")::get));
        assertEquals("?msg=thing-drop&ids=9", page.act(Map.of("action", "thing-drop", "thing", "9")::get));
        assertEquals("?msg=thing-drop.none&ids=9", page.act(Map.of("action", "thing-drop", "thing", "9")::get));
        assertThrows(IllegalArgumentException.class, () -> page.act(Map.of("action", "burn", "thing", "9")::get));
        assertThrows(IllegalArgumentException.class, () -> page.act(Map.of("action", "thing-drop")::get));
        assertThrows(IllegalArgumentException.class,
                () -> page.act(Map.of("action", "part-remove", "thing", "9", "part", "x")::get));
    }

    @Test
    void withFailoverThePageOfAServiceInstanceSaysWhichContainerIsActiveSinceWhen() {
        assertFalse(render().contains("estuary-failover"), "no failover, no role line");
        long since = 1_795_800_002_000L; // 2026-11-27T17:20:02Z
        roles.put("sample", new FailoverRoles.Role("sample", false, "west-1", "127.0.0.1:4171", 4, since));
        assertTrue(render().contains("<p class=\"statline\" id=\"estuary-failover\">Failover: standby: the active "
                + "container is west-1 at 127.0.0.1:4171 since 2026-11-27T17:20:02Z, token 4</p>"), render());
        roles.put("sample", new FailoverRoles.Role("sample", true, "east-1", "127.0.0.1:4170", 5, since));
        assertTrue(render().contains("Failover: active in this container (east-1) since 2026-11-27T17:20:02Z, "
                + "token 5</p>"), render());
    }
}
