package labbook.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Chromium driven over the DevTools protocol with the JDK's own WebSocket client: open a page from
 * disk, collect console errors, uncaught exceptions and failed loads, list the images that did not decode, and take a
 * screenshot.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();

    /** What one page did while loading. */
    record PageReport(List<String> errors, List<String> brokenImages, int images, int charts) {}

    private HeadlessChromium(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    static HeadlessChromium start(Path chromium, Path profile) throws IOException, InterruptedException {
        Files.createDirectories(profile);
        Process p = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-port=0",
                        "--remote-allow-origins=*",
                        "--window-size=1280,1000",
                        "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        CompletableFuture<String> browserUrl = new CompletableFuture<>();
        Thread drain = new Thread(
                () -> {
                    try (BufferedReader err =
                            new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = err.readLine()) != null; ) {
                            Matcher m = LISTENING.matcher(line);
                            if (m.find()) {
                                browserUrl.complete(m.group(1));
                            }
                        }
                    } catch (IOException ignored) {
                        // the process ended
                    }
                    browserUrl.completeExceptionally(new IOException("chromium exited before opening DevTools"));
                },
                "chromium-stderr");
        drain.setDaemon(true);
        drain.start();
        try {
            URI browser = URI.create(browserUrl.get(60, TimeUnit.SECONDS));
            HttpClient http = HttpClient.newHttpClient();
            URI list = URI.create("http://" + browser.getHost() + ":" + browser.getPort() + "/json/list");
            // the first tab may be listed a moment after DevTools starts listening
            String pageUrl = null;
            JsonNode targets = null;
            for (int attempt = 0; attempt < 100 && pageUrl == null; attempt++) {
                targets = JSON.readTree(
                        http.send(HttpRequest.newBuilder(list).build(), HttpResponse.BodyHandlers.ofString())
                                .body());
                for (JsonNode t : targets) {
                    if (t.path("type").asText().equals("page")) {
                        pageUrl = t.path("webSocketDebuggerUrl").asText();
                        break;
                    }
                }
                if (pageUrl == null) {
                    Thread.sleep(100);
                }
            }
            if (pageUrl == null) {
                throw new IOException("chromium offers no page target: " + targets);
            }
            HeadlessChromium[] self = new HeadlessChromium[1];
            WebSocket ws = http.newWebSocketBuilder()
                    .connectTimeout(Duration.ofSeconds(30))
                    .buildAsync(URI.create(pageUrl), new WebSocket.Listener() {
                        private final StringBuilder buffer = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                            buffer.append(data);
                            if (last) {
                                String message = buffer.toString();
                                buffer.setLength(0);
                                while (self[0] == null) {
                                    Thread.onSpinWait();
                                }
                                self[0].received(message);
                            }
                            webSocket.request(1);
                            return null;
                        }
                    })
                    .get(30, TimeUnit.SECONDS);
            self[0] = new HeadlessChromium(p, ws);
            self[0].call("Page.enable", null);
            self[0].call("Runtime.enable", null);
            self[0].call("Log.enable", null);
            return self[0];
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IOException("cannot drive chromium: " + e, e);
        }
    }

    private void received(String message) {
        try {
            JsonNode node = JSON.readTree(message);
            if (node.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(node.get("id").asInt());
                if (f != null) {
                    f.complete(node);
                }
            } else {
                events.add(node);
            }
        } catch (IOException e) {
            events.add(JSON.createObjectNode().put("method", "unparsable").put("text", message));
        }
    }

    JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        if (params != null) {
            msg.set("params", params);
        }
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(JSON.writeValueAsString(msg), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = f.get(60, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IOException(method + " failed: " + reply.get("error"));
        }
        return reply.path("result");
    }

    /** Opens a page, waits for its load event, and reports errors and broken images; saves a screenshot. */
    PageReport open(URI page, Path screenshot) throws Exception {
        events.clear();
        call("Page.navigate", JSON.createObjectNode().put("url", page.toString()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (events.stream().noneMatch(e -> e.path("method").asText().equals("Page.loadEventFired"))) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no load event for " + page);
            }
            Thread.sleep(50);
        }
        Thread.sleep(300); // late console messages
        JsonNode images = call(
                "Runtime.evaluate",
                JSON.createObjectNode()
                        .put("returnByValue", true)
                        .put(
                                "expression",
                                "JSON.stringify({all: document.images.length, broken: Array.from(document.images)"
                                        + ".filter(i => !i.complete || i.naturalWidth === 0).map(i => "
                                        + "i.getAttribute('src')),"
                                        + " charts: document.querySelectorAll('img.chart').length})"));
        JsonNode found = JSON.readTree(images.path("result").path("value").asText());
        List<String> broken = new ArrayList<>();
        found.path("broken").forEach(b -> broken.add(b.asText()));
        JsonNode shot = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        Files.createDirectories(screenshot.getParent());
        Files.write(screenshot, Base64.getDecoder().decode(shot.path("data").asText()));
        return new PageReport(
                errors(),
                broken,
                found.path("all").asInt(),
                found.path("charts").asInt());
    }

    private List<String> errors() {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String method = e.path("method").asText();
            JsonNode p = e.path("params");
            switch (method) {
                case "Runtime.exceptionThrown" ->
                    out.add("exception: "
                            + p.path("exceptionDetails").path("text").asText() + " "
                            + p.path("exceptionDetails")
                                    .path("exception")
                                    .path("description")
                                    .asText());
                case "Runtime.consoleAPICalled" -> {
                    String type = p.path("type").asText();
                    if (type.equals("error") || type.equals("assert")) {
                        out.add("console." + type + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    if (p.path("entry").path("level").asText().equals("error")) {
                        out.add("log: " + p.path("entry").path("text").asText() + " "
                                + p.path("entry").path("url").asText());
                    }
                }
                default -> {}
            }
        }
        return out;
    }

    @Override
    public void close() {
        socket.abort();
        // Chromium's helpers (zygote, renderers, crashpad) can outlive the browser for a moment and
        // still write into the profile, which the caller's @TempDir then fails to delete
        List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            helpers.forEach(ProcessHandle::destroy);
            for (ProcessHandle h : helpers) {
                try {
                    h.onExit().get(10, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    h.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            helpers.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        }
    }
}
