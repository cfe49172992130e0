package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;

import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.admin.SetInfo;
import org.estuary.renewal.admin.testing.FakeAdmin;
import org.junit.jupiter.api.Test;

/** Issue 7 items 1 and 6: the renewal page's tables, paging, actions, escaping. */
class RenewalPageTest {

    private static final String ROOT = "/system/console/estuary-renewal";
    private static final String XSS = "<script>alert('x')</script>\"&";

    private final FakeAdmin admin = new FakeAdmin();
    private final RenewalPage page = new RenewalPage(admin);
    private final Map<String, String> params = new HashMap<>();

    private String render() {
        StringWriter body = new StringWriter();
        page.render(new PrintWriter(body), params::get, ROOT, "TOKEN");
        return body.toString();
    }

    @Test
    void item1SetsTableWithCancelFormsAndPager() {
        for (int i = 1; i <= 120; i++) {
            admin.addSet(i, i % 3);
        }
        String html = render();
        assertTrue(html.contains("120 renewal sets, 120 client leases."), html);
        assertTrue(html.contains("<tr data-set=\"1\">"), html);
        assertTrue(html.contains("<tr data-set=\"50\">"), html);
        assertFalse(html.contains("data-set=\"51\""), "50 rows per page by default");
        assertTrue(html.contains("id=\"estuary-cancel-7\""), html);
        assertTrue(html.contains("method=\"post\""), html);
        assertTrue(html.contains("name=\"estuary-csrf\" value=\"TOKEN\""), html);
        assertTrue(html.contains("Rows 1-50 of 120."), html);
        assertTrue(html.contains("offset=50&amp;limit=50&amp;after=50\">next</a>"), html);
        assertTrue(html.contains("offset=70&amp;limit=50\">last</a>"), html);
        assertTrue(html.contains("<th>store.write.p99.us</th>"), "item 5: metrics shown");
        assertTrue(html.contains("<td>1234</td>"), html);

        params.put("offset", "100");
        String last = render();
        assertTrue(last.contains("Rows 101-120 of 120."), last);
        assertTrue(last.contains("previous"), last);
        assertFalse(last.contains(">next<"), last);

        params.put("offset", "50");
        params.put("after", "50"); // the next link: the service seeks to the set after 50
        String next = render();
        assertTrue(next.contains("Rows 51-100 of 120."), next);
        assertTrue(next.contains("<tr data-set=\"51\">"), next);
        assertFalse(next.contains("data-set=\"50\""), next);

        params.put("after", "<script>");
        assertFalse(render().contains("<script>"), "a malformed key is refused without echo");
    }

    @Test
    void item1LeasesTableWithRemoveForms() {
        admin.addSet(9, 3);
        admin.leases.get(9L).set(0, new LeaseInfo(9, 1, "Lease#1", 1_800_000_000_000L, 1_700_000_060_000L, -1,
                true, "java.rmi.ConnectException: down"));
        params.put("set", "9");
        String html = render();
        assertTrue(html.contains("Set 9: expires 2023-11-14T22:13:20Z, 3 client leases."), html);
        assertTrue(html.contains("<tr data-lease=\"1\">"), html);
        assertTrue(html.contains("2027-01-15T08:00:00Z"), html);
        assertTrue(html.contains("ANY"), html);
        assertTrue(html.contains("java.rmi.ConnectException: down"), html);
        assertTrue(html.contains("id=\"estuary-remove-3\""), html);
        assertTrue(html.contains("name=\"lease\" value=\"2\""), html);
    }

    @Test
    void item6ClientTextIsEscapedEverywhere() {
        admin.sets.put(4L, new SetInfo(4, 1_700_000_000_000L, 1, XSS, 1000, XSS));
        admin.leases.put(4L, new java.util.ArrayList<>(java.util.List.of(
                new LeaseInfo(4, 1, XSS, 1, 2, 3, false, XSS))));
        String sets = render();
        assertFalse(sets.contains("<script>"), sets);
        assertTrue(sets.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;"), sets);
        params.put("set", "4");
        String leases = render();
        assertFalse(leases.contains("<script>"), leases);
    }

    @Test
    void item6BadQueryIsReportedWithoutEchoingIt() {
        params.put("offset", XSS);
        String html = render();
        assertTrue(html.contains("offset is not a number"), html);
        assertFalse(html.contains("<script>"), html);
        params.put("offset", "-1");
        assertTrue(render().contains("offset must not be negative"));
        params.remove("offset");
        params.put("limit", "5000");
        assertTrue(render().contains("limit must be within 1..1000"));
        params.remove("limit");
        params.put("set", XSS);
        String set = render();
        assertFalse(set.contains("<script>"), set);
        assertTrue(set.contains("id=\"estuary-error\""), set);
        params.put("set", "77");
        assertTrue(render().contains("There is no renewal set 77."));
        params.put("set", "");
        params.put("msg", XSS);
        assertFalse(render().contains("estuary-message"), "only known messages are shown");
        params.put("msg", "cancelled");
        assertTrue(render().contains("The set was cancelled."));
    }

    @Test
    void item1ActionsCancelAndRemove() throws Exception {
        admin.addSet(9, 3);
        assertEquals("?set=9&msg=removed", page.act(Map.of("action", "remove-lease", "set", "9", "lease", "2")::get));
        assertEquals("?set=9&msg=no-lease", page.act(Map.of("action", "remove-lease", "set", "9", "lease", "2")::get));
        assertEquals("?msg=cancelled", page.act(Map.of("action", "cancel-set", "set", "9")::get));
        assertEquals("?msg=no-set", page.act(Map.of("action", "cancel-set", "set", "9")::get));
        assertThrows(IllegalArgumentException.class, () -> page.act(Map.of("action", "drop", "set", "9")::get));
        assertThrows(IllegalArgumentException.class, () -> page.act(Map.of("action", "cancel-set")::get));
        assertThrows(IllegalArgumentException.class,
                () -> page.act(Map.of("action", "remove-lease", "set", "9", "lease", "x")::get));
    }
}
