package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.imageio.JpegCodec;

/**
 * Where libturbojpeg cannot be loaded (simulated by naming a library that is not there), JPEGs go
 * through OpenCV's codec, said once in one line; {@code --reproducible} and
 * {@code LOOMY_JPEG_CODEC=opencv} keep OpenCV's codec without trying the library at all. Every
 * way, and with the system's library, the JPEGs written are exactly what {@code imwrite} writes,
 * and the results name the codec that ran.
 */
@Slow
class JpegCodecChoiceTest {

    @TempDir
    Path dir;

    private static final String NOTICE = "JPEGs go through OpenCV's slower codec: libturbojpeg cannot be loaded";

    /** What a run said on standard error, and the jpeg_codec column of its csv report, a row per strategy. */
    private record Said(String stderr, List<String> codecs) {
    }

    /** loomy with NoOp on three JPEGs, in its own JVM whose libturbojpeg is missing. */
    private Said run(Map<String, String> environment, String... options) throws Exception {
        return run(true, environment, options);
    }

    private Said run(boolean missing, Map<String, String> environment, String... options) throws Exception {
        Path inputs = dir.resolve("in");
        for (int i = 1; i <= 3; i++) {
            TestImages.write(inputs.resolve("photo" + i + ".jpg"), 160 + i, 120, i);
        }
        Path out = dir.resolve("out");
        Path library = dir.resolve("missing/libturbojpeg.so.0");
        List<String> args = new java.util.ArrayList<>(List.of(options));
        Path report = dir.resolve("report.csv");
        args.addAll(List.of("-f", "NoOp", "-s", "loop,virtual", "--quiet", "--report=" + report, "-o", out.toString(),
                inputs.toString()));
        LoomyProcess loomy = LoomyProcess.start(Files.createDirectories(dir.resolve("process")), environment,
                missing ? List.of("-D" + JpegCodec.LIBRARY_PROPERTY + "=" + library) : List.of(), args.toArray(String[]::new));
        assertThat(loomy.process().waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        try (var written = Files.walk(out)) {
            List<Path> files = written.filter(p -> p.toString().endsWith(".jpg")).toList();
            assertThat(files).hasSize(6);
            for (Path file : files) {
                Mat input = Imgcodecs.imread(inputs.resolve(file.getFileName()).toString());
                MatOfByte expected = new MatOfByte();
                Imgcodecs.imencode(".jpg", input, expected);
                assertThat(Files.readAllBytes(file)).as(file.toString()).isEqualTo(expected.toArray());
            }
        }
        return new Said(loomy.stderr(), codecs(report));
    }

    /** The jpeg_codec column of a csv report, a row per strategy. */
    private static List<String> codecs(Path report) throws Exception {
        List<String> lines = Files.readAllLines(report);
        int column = List.of(lines.get(0).split(",")).indexOf("jpeg_codec");
        assertThat(column).as(lines.get(0)).isNotNegative();
        return lines.stream().skip(1).map(line -> line.split(",", -1)[column]).toList();
    }

    @Test
    void aRunWithoutJpegsNamesNoCodec() throws Exception {
        Path inputs = dir.resolve("png");
        for (int i = 1; i <= 2; i++) {
            TestImages.write(inputs.resolve("picture" + i + ".png"), 64 + i, 48, i);
        }
        Path report = dir.resolve("png.csv");
        LoomyProcess loomy = LoomyProcess.start(Files.createDirectories(dir.resolve("png-process")), Map.of(), List.of(),
                "-f", "NoOp", "-s", "loop", "--quiet", "--report=" + report, "-o", dir.resolve("png-out").toString(),
                inputs.toString());
        assertThat(loomy.process().waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        assertThat(codecs(report)).containsExactly("");
    }

    @Test
    void theSystemsLibraryWritesImwritesBytesWithoutANotice() throws Exception {
        Said said = run(false, Map.of());
        assertThat(said.stderr()).doesNotContain(NOTICE);
        assertThat(said.codecs()).containsExactly("libturbojpeg", "libturbojpeg");
    }

    @Test
    void aMissingLibraryFallsBackToOpenCvAndSaysSoOnceTellingHowToGetIt() throws Exception {
        Said said = run(Map.of());
        assertThat(said.codecs()).containsExactly("OpenCV", "OpenCV");
        String err = said.stderr();
        assertThat(err.lines().filter(line -> line.contains(NOTICE)).toList()).singleElement().asString()
                .startsWith("loomy: ").contains("missing/libturbojpeg.so.0").endsWith("apt-get install libturbojpeg0");
    }

    @Test
    void reproducibleKeepsOpenCvsCodecWithoutTryingTheLibrary() throws Exception {
        Said said = run(Map.of(), "--reproducible");
        assertThat(said.stderr()).doesNotContain(NOTICE);
        assertThat(said.codecs()).containsExactly("OpenCV", "OpenCV");
    }

    @Test
    void theEnvironmentCanAskForOpenCvsCodec() throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put(JpegCodec.ENVIRONMENT, "opencv");
        Said said = run(environment);
        assertThat(said.stderr()).doesNotContain(NOTICE);
        assertThat(said.codecs()).containsExactly("OpenCV", "OpenCV");
    }
}
