package org.estuary.webconsole.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.felix.webconsole.WebConsoleConstants;
import org.estuary.management.MetricsHistory;
import org.estuary.management.MetricsSample;
import org.estuary.management.testing.SampleView;
import org.junit.jupiter.api.Test;

/**
 * Actions are POST only, with the page's token, from the same origin; the page serves its metrics history as JSON
 * and the charting files from the bundle.
 */
class ViewPluginTest {

    private static final String ROOT = "/system/console/estuary-sample";

    private final SampleView sample = new SampleView();
    private final MetricsHistory history = new MetricsHistory() {
        @Override
        public Duration interval() {
            return Duration.ofSeconds(5);
        }

        @Override
        public int capacity() {
            return 3;
        }

        @Override
        public List<MetricsSample> samples(String view) {
            return !view.equals("sample") ? List.of() : List.of(
                    new MetricsSample(10_000, Map.of("operations", 4L)),
                    new MetricsSample(15_000, Map.of("operations", 14L)));
        }
    };
    private final ViewPlugin plugin = new ViewPlugin(sample.view, history, instance -> java.util.Optional.empty());

    private Servlets.Request cancel(String token) {
        Servlets.Request request = new Servlets.Request();
        request.attributes.put(WebConsoleConstants.ATTR_PLUGIN_ROOT, ROOT);
        request.parameters.put("action", "thing-drop");
        request.parameters.put("thing", "5");
        if (token != null) {
            request.parameters.put(Csrf.PARAMETER, token);
        }
        return request;
    }

    private Servlets.Response post(Servlets.Request request) throws Exception {
        Servlets.Response response = new Servlets.Response();
        plugin.doPost(request.proxy(), response.proxy());
        return response;
    }

    private String token(String user) {
        Servlets.Request request = new Servlets.Request();
        request.user = user;
        return plugin.token(request.proxy());
    }

    @Test
    void aPostWithTheTokenActsAndRedirects() throws Exception {
        sample.add(5, "five", 1);
        Servlets.Request request = cancel(token("admin"));
        request.headers.put("Host", "127.0.0.1:8181");
        request.headers.put("Origin", "http://127.0.0.1:8181");
        Servlets.Response response = post(request);
        assertEquals(302, response.status);
        assertEquals(ROOT + "?msg=thing-drop&ids=5", response.location);
        assertFalse(sample.things.containsKey(5L));
    }

    @Test
    void aPostWithoutOrWithAWrongTokenIsRefused() throws Exception {
        sample.add(5, "five", 1);
        assertEquals(403, post(cancel(null)).status);
        assertEquals(403, post(cancel("forged")).status);
        assertEquals(403, post(cancel(token("someone-else"))).status, "tokens are per user");
        assertTrue(sample.things.containsKey(5L), "nothing changed");
    }

    @Test
    void aPostFromAnotherOriginIsRefusedEvenWithTheToken() throws Exception {
        sample.add(5, "five", 1);
        Servlets.Request request = cancel(token("admin"));
        request.headers.put("Host", "127.0.0.1:8181");
        request.headers.put("Origin", "http://evil.example");
        assertEquals(403, post(request).status);
        request.headers.remove("Origin");
        request.headers.put("Referer", "http://evil.example/system/console/estuary-renewal");
        assertEquals(403, post(request).status);
        assertTrue(sample.things.containsKey(5L));
    }

    @Test
    void aMalformedPostIsABadRequest() throws Exception {
        Servlets.Request request = cancel(token("admin"));
        request.parameters.put("thing", "not-a-number");
        Servlets.Response response = post(request);
        assertEquals(400, response.status);
        assertFalse(response.error.contains("not-a-number"), "the reply echoes nothing the client sent");
    }

    @Test
    void tokensDifferPerPageAndActivation() {
        Csrf one = new Csrf();
        Csrf two = new Csrf();
        assertTrue(one.valid(one.token("admin", "estuary-renewal"), "admin", "estuary-renewal"));
        assertFalse(one.valid(one.token("admin", "estuary-stores"), "admin", "estuary-renewal"));
        assertFalse(two.valid(one.token("admin", "estuary-renewal"), "admin", "estuary-renewal"));
        assertFalse(one.valid(null, "admin", "estuary-renewal"));
    }

    @Test
    void sameOriginRules() {
        assertTrue(Csrf.sameOrigin(null, null, "127.0.0.1:8181"));
        assertTrue(Csrf.sameOrigin("http://127.0.0.1:8181", null, "127.0.0.1:8181"));
        assertTrue(Csrf.sameOrigin(null, "http://127.0.0.1:8181/system/console/x?y", "127.0.0.1:8181"));
        assertFalse(Csrf.sameOrigin("http://127.0.0.1:8182", null, "127.0.0.1:8181"));
        assertFalse(Csrf.sameOrigin("null", null, "127.0.0.1:8181"));
        assertFalse(Csrf.sameOrigin("http://127.0.0.1:8181.evil.example", null, "127.0.0.1:8181"));
        assertFalse(Csrf.sameOrigin("http://x", null, null));
    }

    @Test
    void theHistoryIsJsonOfRatesAndLatencies() throws Exception {
        Servlets.Request request = new Servlets.Request();
        request.method = "GET";
        request.pathInfo = "/estuary-sample/history.json";
        Servlets.Response response = new Servlets.Response();
        plugin.doGet(request.proxy(), response.proxy());
        assertEquals("application/json", response.contentType);
        assertEquals("{\"interval\":5,\"times\":[10,15],\"rates\":{\"operations\":[null,2]},\"latencies\":{},"
                + "\"totals\":{\"operations\":14}}", response.body.toString());
    }

    @Test
    void theChartFilesComeFromTheBundleAndNothingElseDoes() throws Exception {
        for (String name : ViewPlugin.RESOURCES) {
            URL url = plugin.getResource("/estuary-sample/res/" + name);
            assertTrue(url != null, name);
            try (InputStream in = url.openStream()) {
                assertTrue(in.readAllBytes().length > 0, name);
            }
        }
        assertEquals(null, plugin.getResource("/estuary-sample/res/../ViewPlugin.class"));
        assertEquals(null, plugin.getResource("/estuary-sample/res/Csrf.class"));
        assertEquals(null, plugin.getResource("/estuary-other/res/charts.js"));
        assertEquals(null, plugin.getResource("/estuary-sample"));
    }
}
