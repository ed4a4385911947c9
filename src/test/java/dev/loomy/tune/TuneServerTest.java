package dev.loomy.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.filter.config.FiltersFileLoader;
import dev.loomy.opencv.MatScope;
import dev.loomy.run.RunControl;

/** tune's API over real HTTP on loopback: what it answers, and every request it refuses. */
@Slow
class TuneServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final RunControl control = new RunControl();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private TuneServer server;

    @BeforeEach
    void start() throws Exception {
        server = TuneServer.start(FiltersFileLoader.packaged(), "Cartoon2", TunedImages.under(dir), 0, control,
                note -> { }, errors::add);
    }

    @AfterEach
    void stop() {
        server.close();
        http.close();
        assertThat(errors).as("internal errors").isEmpty();
    }

    @Test
    void listsTheImagesByIdAndNameOnly() throws Exception {
        HttpResponse<String> response = get("/api/images");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode images = JSON.readTree(response.body());
        assertThat(images).hasSize(3);
        assertThat(images.get(0).get("name").asText()).isEqualTo("photo0.png");
        assertThat(images.get(0).get("width").asInt()).isEqualTo(320);
        assertThat(response.body()).doesNotContain(dir.toString());
    }

    @Test
    void listsEveryFilterWithItsParameters() throws Exception {
        JsonNode filters = JSON.readTree(get("/api/filters").body());
        JsonNode cartoon = null;
        for (JsonNode filter : filters) {
            if (filter.get("name").asText().equals("Cartoon2")) {
                cartoon = filter;
            }
        }
        assertThat(filters.size()).isEqualTo(FiltersFileLoader.packaged().entries().size());
        assertThat(cartoon).isNotNull();
        assertThat(cartoon.get("parameters").get(0).toString())
                .isEqualTo("{\"name\":\"red\",\"type\":\"integer\",\"default\":80,\"min\":1,\"max\":256}");
    }

    @Test
    void aPreviewIsAPngOfTheFilteredImageAndSaysTheFiltersTime() throws Exception {
        HttpResponse<byte[]> response = bytes("/api/preview?image=1&filter=Cartoon2&red=40");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(response.headers().firstValue("Server-Timing").orElseThrow()).matches("filter;dur=\\d+\\.\\d{3}");
        HttpResponse<byte[]> original = bytes("/api/preview?image=1");
        HttpResponse<byte[]> thumbnail = bytes("/api/preview?image=1&filter=Cartoon2&red=40&width=80");
        try (MatScope scope = new MatScope()) {
            Mat filtered = scope.add(Imgcodecs.imdecode(new MatOfByte(response.body()), Imgcodecs.IMREAD_UNCHANGED));
            Mat read = scope.add(Imgcodecs.imdecode(new MatOfByte(original.body()), Imgcodecs.IMREAD_UNCHANGED));
            Mat small = scope.add(Imgcodecs.imdecode(new MatOfByte(thumbnail.body()), Imgcodecs.IMREAD_UNCHANGED));
            assertThat(filtered.cols()).isEqualTo(320);
            assertThat(small.cols()).isEqualTo(80);
            assertThat(small.rows()).isEqualTo(60);
            assertThat(response.body()).isNotEqualTo(original.body());
            assertThat(read.cols()).isEqualTo(320);
        }
    }

    @Test
    void aForeignHostIsRefused() throws Exception {
        int port = server.port();
        assertThat(raw("/api/images", "127.0.0.1:" + port)).startsWith("HTTP/1.1 200");
        assertThat(raw("/api/images", "localhost:" + port)).startsWith("HTTP/1.1 200");
        for (String host : List.of("evil.example:" + port, "evil.example", "127.0.0.1", "127.0.0.1:" + (port + 1),
                "localhost.evil.example:" + port)) {
            assertThat(raw("/api/images", host)).as(host).startsWith("HTTP/1.1 403")
                    .endsWith("{\"error\":\"this server answers requests for 127.0.0.1:" + port + " or localhost:"
                            + port + " only\"}");
            assertThat(raw("/", host)).as(host).startsWith("HTTP/1.1 403");
        }
    }

    @Test
    void anImageIsReachedByItsIdOnly() throws Exception {
        for (String id : List.of("4", "0", "..%2Fin%2Fphoto0.png", "%2Fetc%2Fpasswd", "photo0.png",
                dir.resolve("in/photo0.png").toString().replace("/", "%2F"), "1%00")) {
            HttpResponse<String> response = get("/api/preview?image=" + id + "&filter=Cartoon2");
            assertThat(response.statusCode()).as(id).isEqualTo(404);
            assertThat(JSON.readTree(response.body()).get("error").asText()).startsWith("no image with id");
        }
    }

    @Test
    void aBadValueIs400WithOneLineOfJson() throws Exception {
        for (String value : List.of("red=NaN", "red=Infinity", "red=1e99", "red=99999999999999999999", "red=-3",
                "red=0", "red=257", "red=abc", "red=", "red=1,2", "red=4.5", "blur=3", "width=0", "width=-5",
                "width=99999", "width=NaN", "red=40&red=50")) {
            HttpResponse<String> response = get("/api/preview?image=1&filter=Cartoon2&" + value);
            assertThat(response.statusCode()).as(value).isEqualTo(400);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(response.body()).as(value).doesNotContain("\n").startsWith("{\"error\":\"");
            assertThat(JSON.readTree(response.body()).size()).isEqualTo(1);
        }
        assertThat(get("/api/preview?image=1&filter=GammaCorrection&gamma=NaN").statusCode()).isEqualTo(400);
        assertThat(get("/api/preview?image=1&filter=GammaCorrection&gamma=-1").statusCode()).isEqualTo(400);
        assertThat(get("/api/preview?filter=Cartoon2").statusCode()).isEqualTo(400);
        assertThat(get("/api/preview?image=1&filter=Cartoon2&red=40").statusCode()).isEqualTo(200);
    }

    @Test
    void anUnknownFilterIs404AndSaysTheClosestName() throws Exception {
        HttpResponse<String> response = get("/api/preview?image=1&filter=Cartoon3");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body()).get("error").asText()).contains("Cartoon3").contains("Cartoon2");
        assertThat(get("/api/preview?image=1&filter=cartoon2").statusCode()).as("any case").isEqualTo(200);
        assertThat(get("/api/nothing").statusCode()).isEqualTo(404);
        assertThat(get("/../../etc/passwd").statusCode()).isEqualTo(404);
    }

    @Test
    void onlyGetIsAnswered() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(url("/api/images"))
                .header(Access.HEADER, server.token()).POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(405);
    }

    @Test
    void aBurstOfOneClientsRequestsRunsFarFewerFilters() throws Exception {
        List<Integer> statuses = burst(true);

        assertThat(statuses.getLast()).as("the newest").isEqualTo(200);
        assertThat(statuses).containsOnly(200, 409);
        assertThat(server.filterRuns()).as("filter runs for 20 requests: %s", statuses).isLessThanOrEqualTo(6);
        // The newest preview is the newest value's.
        assertThat(last.join().body()).isEqualTo(bytes("/api/preview?image=3&filter=Cartoon2&red=20").body());
    }

    @Test
    void withoutNumbersTheLaterArrivalSupersedes() throws Exception {
        List<Integer> statuses = burst(false);

        // The last to arrive is answered, which need not be the last sent.
        assertThat(statuses).contains(200).containsOnly(200, 409);
        assertThat(server.filterRuns()).as("filter runs for 20 requests: %s", statuses).isLessThanOrEqualTo(6);
    }

    private CompletableFuture<HttpResponse<byte[]>> last;

    /** Twenty previews of one client, as a slider moved fast sends them: each a few milliseconds after the last. */
    private List<Integer> burst(boolean numbered) throws InterruptedException {
        List<CompletableFuture<HttpResponse<byte[]>>> responses = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(url("/api/preview?image=3&filter=Cartoon2&red=" + i))
                    .header(Access.HEADER, server.token()).header("X-Loomy-Client", "page-1");
            if (numbered) {
                request.header("X-Loomy-Sequence", Integer.toString(i));
            }
            responses.add(http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()));
            Thread.sleep(15);
        }
        last = responses.getLast();
        return responses.stream().map(r -> r.join().statusCode()).toList();
    }

    @Test
    void previewsOfManyClientsRunAtMostOnePerCoreAtOnce() throws Exception {
        List<CompletableFuture<HttpResponse<byte[]>>> responses = new ArrayList<>();
        for (int i = 1; i <= 16; i++) {
            responses.add(http.sendAsync(HttpRequest.newBuilder(url("/api/preview?image=2&filter=Cartoon2&red=" + i))
                    .header(Access.HEADER, server.token()).header("X-Loomy-Client", "page-" + i).build(), HttpResponse.BodyHandlers.ofByteArray()));
        }
        assertThat(responses.stream().map(r -> r.join().statusCode()).toList()).containsOnly(200);
        assertThat(server.filterRuns()).isEqualTo(16);
        assertThat(server.peakPreviews()).isBetween(1, Runtime.getRuntime().availableProcessors());
    }

    @Test
    void onceStoppingAPreviewIs503() throws Exception {
        control.interrupt();
        HttpResponse<String> response = get("/api/preview?image=1&filter=Cartoon2");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(server.filterRuns()).isZero();
    }

    @Test
    void thePageComesWithItsAssetsAndAStrictPolicy() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("data-filter=\"Cartoon2\"").doesNotContain("http://").doesNotContain("https://");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("default-src 'none'");
        assertThat(get("/tune.js").statusCode()).isEqualTo(200);
        assertThat(get("/tune.css").statusCode()).isEqualTo(200);
    }

    private URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(url(path)).header(Access.HEADER, server.token()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<byte[]> bytes(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(url(path)).header(Access.HEADER, server.token()).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** A GET with {@code host} as its Host header, which the JDK's clients do not let a caller choose. */
    private String raw(String path, String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + Access.HEADER + ": " + server.token()
                    + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            try (InputStream in = socket.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }
}
