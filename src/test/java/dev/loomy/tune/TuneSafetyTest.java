package dev.loomy.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.filter.config.FiltersFileLoader;
import dev.loomy.run.RunControl;

/**
 * tune as an attacker finds it: a page of another origin, a request without this run's token, a
 * client that sends slowly or holds connections, a target no route has, an input swapped after
 * start, a number in other digits; and what a flood of previews leaves on the Java heap.
 */
@Slow
class TuneSafetyTest {

    @TempDir
    Path dir;

    private final RunControl control = new RunControl();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private TuneServer server;
    private String token;

    @BeforeEach
    void start() throws Exception {
        server = TuneServer.start(FiltersFileLoader.packaged(), "Cartoon2", TunedImages.under(dir), 0, control,
                note -> { }, errors::add);
        String query = server.address().getRawQuery();
        token = query != null && query.startsWith("token=") ? query.substring("token=".length()) : "none";
    }

    @AfterEach
    void stop() {
        server.close();
        assertThat(errors).as("internal errors").isEmpty();
    }

    @Test
    void thePrintedAddressCarriesThisRunsTokenAndNothingIsAnsweredWithoutIt() throws Exception {
        assertThat(server.address().toString()).matches("http://127\\.0\\.0\\.1:\\d+/\\?token=[0-9a-f]{64}");
        for (String path : List.of("/", "/index.html", "/tune.js", "/api/images", "/api/filters",
                "/api/preview?image=1", "/nothing")) {
            for (String header : List.of("", "X-Loomy-Token: " + "0".repeat(64) + "\r\n",
                    "Cookie: loomy-tune-" + server.port() + "=" + "0".repeat(64) + "\r\n")) {
                String answer = get(path, header);
                assertThat(answer).as(path + " with " + header).startsWith("HTTP/1.1 403")
                        .contains("Content-Type: application/json").endsWith("\"}").contains("token");
            }
        }
        assertThat(get("/api/images", "X-Loomy-Token: " + token + "\r\n")).startsWith("HTTP/1.1 200");
        assertThat(get("/?token=" + "0".repeat(64), "")).startsWith("HTTP/1.1 403");
    }

    @Test
    void thePageSetsAStrictCookieWithWhichItsOwnRequestsAreAnswered() throws Exception {
        String page = get("/?token=" + token, "Sec-Fetch-Site: none\r\n");
        assertThat(page).startsWith("HTTP/1.1 200").contains("Set-Cookie: loomy-tune-" + server.port() + "=" + token
                + "; Path=/; HttpOnly; SameSite=Strict");
        String cookie = "Cookie: other=1; loomy-tune-" + server.port() + "=" + token + "\r\nSec-Fetch-Site: same-origin\r\n";
        assertThat(get("/api/images", cookie)).startsWith("HTTP/1.1 200").doesNotContain("Set-Cookie");
        assertThat(get("/tune.js", cookie)).startsWith("HTTP/1.1 200");
        assertThat(get("/api/preview?image=1&width=40", cookie + "Sec-Fetch-Dest: image\r\n"))
                .startsWith("HTTP/1.1 200").contains("Content-Type: image/png")
                .contains("Cross-Origin-Resource-Policy: same-origin");
    }

    @Test
    void aRequestFromAnotherOriginIsRefusedEvenWithTheToken() throws Exception {
        String cookie = "Cookie: loomy-tune-" + server.port() + "=" + token + "\r\n";
        String own = "http://127.0.0.1:" + server.port();
        // An <img> on another site's page, a no-cors fetch, another port of 127.0.0.1 (the same site).
        for (String header : List.of("Sec-Fetch-Site: cross-site\r\nSec-Fetch-Dest: image\r\n",
                "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\n", "Sec-Fetch-Site: same-site\r\n",
                "Origin: http://evil.example\r\n", "Origin: null\r\n", "Origin: http://127.0.0.1:1\r\n",
                "Origin: " + own + "\r\nOrigin: http://evil.example\r\n")) {
            for (String path : List.of("/api/preview?image=1&filter=Cartoon2&red=9", "/api/preview?image=1",
                    "/api/images", "/")) {
                assertThat(get(path, cookie + header)).as(path + " with " + header).startsWith("HTTP/1.1 403")
                        .contains("another");
            }
        }
        assertThat(get("/api/images", cookie + "Origin: " + own + "\r\nSec-Fetch-Site: same-origin\r\n"))
                .startsWith("HTTP/1.1 200");
        assertThat(server.filterRuns()).isZero();
    }

    @Test
    void everyAnswerIsLoomysOwnWhateverThePath() throws Exception {
        String header = "X-Loomy-Token: " + token + "\r\n";
        for (String target : List.of("//tune.js", "//", "*", "tune.js", "/tune.js/", "//api/images",
                "/%2e%2e/tune.js", "/api/images/", "http://127.0.0.1:" + server.port() + "/nothing", "?x=1")) {
            String answer = raw("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n" + header
                    + "Connection: close\r\n\r\n");
            assertThat(answer).as(target).startsWith("HTTP/1.1 404").contains("Content-Type: application/json")
                    .endsWith("\"}").doesNotContain("<h1>");
            assertThat(raw("GET " + target + " HTTP/1.1\r\nHost: evil.example\r\n" + header
                    + "Connection: close\r\n\r\n")).as(target).startsWith("HTTP/1.1 403");
        }
        String malformed = raw("GET /api/images HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nBad Header\r\n\r\n");
        assertThat(malformed).startsWith("HTTP/1.1 400").contains("application/json").doesNotContain("<h1>");
    }

    @Test
    void aHeadIsAnsweredAsAGetWithoutItsBodyOrAWarning() throws Exception {
        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Logger jdk = Logger.getLogger("com.sun.net.httpserver");
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jdk.addHandler(handler);
        try {
            for (String path : List.of("/api/images", "/", "/nothing")) {
                String head = raw("HEAD " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port()
                        + "\r\nX-Loomy-Token: " + token + "\r\nConnection: close\r\n\r\n");
                assertThat(head).as(path).startsWith(path.equals("/nothing") ? "HTTP/1.1 404" : "HTTP/1.1 200")
                        .endsWith("\r\n\r\n").contains("Content-Length: ");
            }
            assertThat(raw("HEAD / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nConnection: close\r\n\r\n"))
                    .startsWith("HTTP/1.1 403").endsWith("\r\n\r\n");
        } finally {
            jdk.removeHandler(handler);
        }
        assertThat(warnings).extracting(LogRecord::getMessage).isEmpty();
    }

    @Test
    void aNumberIsWrittenInAsciiDigitsOnly() throws Exception {
        // +60, Arabic-Indic 60, full-width 60, spaces around, Arabic-Indic 1.5, Devanagari 80 as a width.
        for (String value : List.of("red=%2B60", "red=%D9%A6%D9%A0", "red=%EF%BC%96%EF%BC%90", "red=%2060",
                "red=60%20", "red=60%0A", "gamma=%2B1.5", "gamma=%D9%A1.5", "gamma=1.5d", "gamma=0x1p1",
                "width=%E0%A5%AE%E0%A5%A6", "width=%2B80")) {
            String filter = value.startsWith("gamma") ? "GammaCorrection" : "Cartoon2";
            String answer = get("/api/preview?image=1&filter=" + filter + "&" + value, "X-Loomy-Token: " + token + "\r\n");
            assertThat(answer).as(value).startsWith("HTTP/1.1 400");
            String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            assertThat(body).as(value).startsWith("{\"error\":\"").endsWith("\"}").doesNotContain("\n");
        }
        assertThat(get("/api/preview?image=1&filter=Cartoon2&red=60", "X-Loomy-Token: " + token + "\r\n"))
                .startsWith("HTTP/1.1 200");
        assertThat(get("/api/preview?image=1&filter=GammaCorrection&gamma=1.5", "X-Loomy-Token: " + token + "\r\n"))
                .startsWith("HTTP/1.1 200");
    }

    @Test
    void anInputReplacedAfterStartIsRefused() throws Exception {
        String header = "X-Loomy-Token: " + token + "\r\n";
        assertThat(get("/api/preview?image=1", header)).startsWith("HTTP/1.1 200");
        Path outside = TestImages.write(dir.resolve("private/secret.png"), 320, 240, 9);
        // photo0.png: now a link to a file outside the inputs; photo1.png: another file moved over it.
        Files.delete(dir.resolve("in/photo0.png"));
        Files.createSymbolicLink(dir.resolve("in/photo0.png"), outside);
        Path other = TestImages.write(dir.resolve("in/other.tmp.png"), 320, 240, 11);
        Files.move(other, dir.resolve("in/photo1.png"), StandardCopyOption.REPLACE_EXISTING);
        for (String path : List.of("/api/preview?image=1", "/api/preview?image=1&filter=Cartoon2&red=9",
                "/api/preview?image=2", "/api/preview?image=2&width=40")) {
            String answer = get(path, header);
            assertThat(answer).as(path).startsWith("HTTP/1.1 422").contains("no longer the file");
        }
        assertThat(get("/api/preview?image=3&width=40", header)).startsWith("HTTP/1.1 200");
    }

    @Test
    void halfSentRequestsNeitherStopItAnsweringNorStayOpen() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 32; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                socket.getOutputStream().write(("GET /api/images HTTP/1.1\r\nHost: 127.0.0.1:" + server.port()
                        + "\r\nX-Slow: ").getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                slow.add(socket);
            }
            Thread.sleep(300);
            long start = System.nanoTime();
            assertThat(get("/api/images", "X-Loomy-Token: " + token + "\r\n")).startsWith("HTTP/1.1 200");
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms to answer").isLessThan(5000);
            // Within the head's limit and a little more, each slow one is answered 408 and closed.
            for (Socket socket : slow) {
                socket.setSoTimeout(20_000);
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(answer).startsWith("HTTP/1.1 408").endsWith("\"}");
            }
        } finally {
            slow.forEach(TuneSafetyTest::close);
        }
    }

    @Test
    void connectionsBeyondTheBoundAreAnswered503AndClosed() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 64; i++) {
                idle.add(new Socket("127.0.0.1", server.port()));
            }
            Thread.sleep(200);
            String answer = get("/api/images", "X-Loomy-Token: " + token + "\r\n");
            assertThat(answer).startsWith("HTTP/1.1 503").endsWith("connections open already: try again\"}");
        } finally {
            idle.forEach(TuneSafetyTest::close);
        }
        // Each closed connection's thread sees its end and frees its place: soon, however loaded the machine.
        String again = "";
        for (int i = 0; i < 100 && !again.startsWith("HTTP/1.1 200"); i++) {
            Thread.sleep(100);
            again = get("/api/images", "X-Loomy-Token: " + token + "\r\n");
        }
        assertThat(again).startsWith("HTTP/1.1 200");
    }

    /**
     * Twelve previews of the large image, unscaled (a 1600x1200 PNG of noise, several MB each), over
     * one connection whose answers are read and dropped a few KB at a time: what the server's threads
     * allocate on the Java heap meanwhile must be far less than the previews' bytes, which belong in
     * native memory, freed as each is sent.
     */
    @Test
    void previewsBytesStayOffTheJavaHeap() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = 0;
        long sent = 0;
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            // The first preview loads classes and warms up: what is counted is the twelve after it.
            for (int i = -1; i < 12; i++) {
                if (i == 0) {
                    before = allocatedByServer(threads);
                    sent = 0;
                }
                out.write(("GET /api/preview?image=3&filter=" + (i % 2 == 0 ? "NoOp" : "GammaCorrection&gamma=1." + (i + 1))
                        + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nX-Loomy-Token: " + token
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                sent += readAndDrop(in);
            }
            long allocated = allocatedByServer(threads) - before;
            assertThat(sent).as("the previews' bytes").isGreaterThan(12L * 3_000_000);
            assertThat(allocated).as("heap allocated by the server for %d bytes of previews", sent)
                    .isLessThan(sent / 4);
        }
    }

    private static long allocatedByServer(com.sun.management.ThreadMXBean threads) {
        long sum = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("loomy-tune-")) {
                sum += Math.max(0, threads.getThreadAllocatedBytes(thread.threadId()));
            }
        }
        return sum;
    }

    /** Reads one answer, its body dropped 8 KB at a time; returns the body's length. */
    private static long readAndDrop(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the head's end: " + head);
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        assertThat(text).startsWith("HTTP/1.1 200");
        long length = Long.parseLong(text.replaceAll("(?s).*\r\n[Cc]ontent-[Ll]ength: *(\\d+)\r\n.*", "$1"));
        byte[] drop = new byte[8192];
        long left = length;
        while (left > 0) {
            int read = in.read(drop, 0, (int) Math.min(drop.length, left));
            if (read < 0) {
                throw new IOException("closed with " + left + " bytes to come");
            }
            left -= read;
        }
        return length;
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closed already.
        }
    }

    private String get(String target, String headers) throws IOException {
        return raw("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n" + headers
                + "Connection: close\r\n\r\n");
    }

    /** {@code request} as it is, and the whole answer, read until the server closes. */
    private String raw(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            try {
                return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (SocketTimeoutException e) {
                return "no answer within 10 s";
            }
        }
    }
}
