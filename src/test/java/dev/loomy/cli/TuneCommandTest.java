package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/** {@code loomy tune} as a user runs it: a real process, its address on stdout, stopped by Ctrl-C. */
class TuneCommandTest {

    @TempDir
    Path dir;

    @Test
    void anUnknownFilterIsBadUsage() {
        TestImages.write(dir.resolve("in/a.png"), 64, 48, 1);
        Cli cli = Cli.run("tune", "-f", "Cartoon3", dir.resolve("in").toString());
        assertThat(cli.status()).isEqualTo(2);
        assertThat(cli.err()).contains("Cartoon3").contains("Cartoon2");
    }

    @Test
    void aPortOutOfRangeIsBadUsage() {
        TestImages.write(dir.resolve("in/a.png"), 64, 48, 1);
        Cli cli = Cli.run("tune", "--port=70000", dir.resolve("in").toString());
        assertThat(cli.status()).isEqualTo(2);
        assertThat(cli.err()).contains("--port=70000");
    }

    @Test
    @Slow
    void servesPreviewsBitForBitAsTheMainCommandWritesThemAndStopsOnCtrlC() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("photo.jpg"), 612, 612, 3);
        Files.createDirectories(dir.resolve("run"));
        LoomyProcess tune = LoomyProcess.start(dir.resolve("run"), List.of(), "tune", in.toString());
        try {
            URI address = address(tune);
            assertThat(address.toString()).matches("http://127\\.0\\.0\\.1:\\d+/\\?token=[0-9a-f]{64}");
            String token = address.getRawQuery().substring("token=".length());

            Path out = dir.resolve("out");
            Cli cli = Cli.run("-f", "Cartoon2", "--param=red=40", "--param=blue=3", "--image-format=png",
                    "-o", out.toString(), in.resolve("photo.jpg").toString());
            assertThat(cli.status()).as(cli.err()).isZero();
            try (HttpClient http = HttpClient.newHttpClient()) {
                URI uri = address.resolve("/api/preview?image=1&filter=Cartoon2&red=40&blue=3");
                HttpResponse<byte[]> preview = http.send(HttpRequest.newBuilder(uri)
                        .header("X-Loomy-Token", token).build(), HttpResponse.BodyHandlers.ofByteArray());
                assertThat(preview.statusCode()).isEqualTo(200);
                assertThat(preview.body()).isEqualTo(Files.readAllBytes(out.resolve("photo.png")));
                assertThat(http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode()).as("without the token").isEqualTo(403);
            }

            long start = System.nanoTime();
            tune.kill("INT");
            assertThat(tune.process().waitFor(3, TimeUnit.SECONDS)).as("stopped within 3 s").isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3000);
            assertThat(tune.process().exitValue()).isEqualTo(130);
            assertThat(tune.stderr()).contains("interrupted (SIGINT)");
        } finally {
            tune.process().destroyForcibly();
        }
    }

    /** The last line of tune's stdout, once it is there. */
    static URI address(LoomyProcess tune) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String out = tune.stdout();
            if (out.endsWith("\n")) {
                String[] lines = out.split("\n");
                return URI.create(lines[lines.length - 1]);
            }
            assertThat(tune.process().isAlive()).as("tune is running: %s", tune.stderr()).isTrue();
            Thread.sleep(50);
        }
        throw new AssertionError("tune printed no address within 60 s: " + tune.stderr());
    }
}
