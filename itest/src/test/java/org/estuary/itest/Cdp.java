package org.estuary.itest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Debian Chromium driven through its DevTools protocol over a WebSocket (JDK classes only, so it runs in
 * a Pax Exam probe): start it, navigate, evaluate script in the page, take screenshots, stop it by PID.
 */
final class Cdp implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final Pattern ID = Pattern.compile("^\\{\"id\":(\\d+),");

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<String>> pending = new ConcurrentHashMap<>();

    private Cdp(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /** Starts Chromium with a fresh profile under {@code work} and attaches to its first page. */
    static Cdp start(Path work) throws Exception {
        Path profile = Files.createTempDirectory(Files.createDirectories(work), "chromium-profile");
        Path log = work.resolve("chromium.log");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--window-size=1400,1000",
                "about:blank"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            String[] browser = new String[1];
            boolean up = Processes.await(Duration.ofSeconds(60), () -> {
                try {
                    Matcher m = LISTENING.matcher(Files.readString(log));
                    if (m.find()) {
                        browser[0] = m.group(1);
                    }
                } catch (IOException notYet) {
                    // not written yet
                }
                return browser[0] != null;
            });
            if (!up) {
                throw new IOException("chromium did not start within 60 s: " + Files.readString(log));
            }
            URI base = URI.create(browser[0].replaceFirst("^ws://", "http://").replaceFirst("/devtools/.*$", ""));
            HttpClient http = HttpClient.newHttpClient();
            String targets = http.send(HttpRequest.newBuilder(base.resolve("/json/list")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Matcher page = Pattern.compile("\"type\"\\s*:\\s*\"page\"[^}]*?\"webSocketDebuggerUrl\"\\s*:\\s*\"([^\"]+)\"")
                    .matcher(targets);
            if (!page.find()) {
                throw new IOException("no page target: " + targets);
            }
            Cdp[] self = new Cdp[1];
            StringBuilder partial = new StringBuilder();
            WebSocket socket = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(URI.create(page.group(1)), new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                            partial.append(data);
                            if (last) {
                                String message = partial.toString();
                                partial.setLength(0);
                                Matcher id = ID.matcher(message);
                                if (id.find() && self[0] != null) {
                                    CompletableFuture<String> reply =
                                            self[0].pending.remove(Integer.parseInt(id.group(1)));
                                    if (reply != null) {
                                        reply.complete(message);
                                    }
                                }
                            }
                            ws.request(1);
                            return null;
                        }
                    }).get(20, TimeUnit.SECONDS);
            self[0] = new Cdp(process, socket);
            return self[0];
        } catch (Exception | AssertionError e) {
            Processes.stop(process);
            throw e;
        }
    }

    /** Sends one command and returns its reply (JSON text); fails after 30 s or on a protocol error. */
    String call(String method, String params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<String> reply = new CompletableFuture<>();
        pending.put(id, reply);
        socket.sendText("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}", true)
                .get(10, TimeUnit.SECONDS);
        String answer = reply.get(30, TimeUnit.SECONDS);
        if (answer.contains("\"error\":")) {
            throw new IOException(method + " failed: " + answer);
        }
        return answer;
    }

    /** Evaluates a script in the page and returns its value as JSON text ("true", "\"text\"", ...). */
    String eval(String script) throws Exception {
        String answer = call("Runtime.evaluate", "{\"expression\":" + json(script) + ",\"returnByValue\":true}");
        Matcher value = Pattern.compile("\"value\":(\"(?:[^\"\\\\]|\\\\.)*\"|true|false|-?[0-9.]+|null)")
                .matcher(answer);
        return value.find() ? value.group(1) : "undefined";
    }

    /** Waits (bounded) until {@code script} evaluates to true in the page. */
    boolean await(String script, Duration limit) throws InterruptedException {
        return Processes.await(limit, () -> {
            try {
                return "true".equals(eval(script));
            } catch (Exception notYet) {
                return false;
            }
        });
    }

    /** Saves a PNG of the page. */
    void screenshot(Path file) throws Exception {
        Matcher data = Pattern.compile("\"data\":\"([^\"]+)\"").matcher(call("Page.captureScreenshot",
                "{\"format\":\"png\"}"));
        if (!data.find()) {
            throw new IOException("no screenshot data");
        }
        Files.createDirectories(file.getParent());
        Files.write(file, java.util.Base64.getDecoder().decode(data.group(1)));
    }

    static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    @Override
    public void close() throws Exception {
        try {
            socket.abort();
        } finally {
            Processes.stop(process);
        }
    }
}
