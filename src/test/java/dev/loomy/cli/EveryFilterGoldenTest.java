package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.opencv.OpenCv;

/**
 * Every filter {@code loomy filters} lists, run as a user runs it: loomy in a process of its own,
 * {@code --reproducible} (each filter in a child JVM with OpenCV pinned, so that the filter is made
 * again there from its name, its kind and its parameters), over the golden inputs; each image it
 * writes must be the golden one to the bit. With OpenCV pinned, every golden set is exact: Cartoon2's
 * on any CPU, ALTMRetinex's portable set, the catalogue's; NoOp writes the input as read.
 */
@Slow
class EveryFilterGoldenTest {

    /** Where each filter's golden outputs are, under {@code golden/}, when not {@code catalogue/NAME}. */
    private static final Map<String, String> GOLDEN = Map.of(
            "NoOp", "inputs", "Cartoon2", "cartoon2", "ALTMRetinex", "altmretinex-portable");

    /** One process filtering 8 images with 21 filters, each filter in a JVM of its own. */
    private static final long TIMEOUT_MINUTES = 10;

    @TempDir
    Path dir;

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    @Test
    void everyListedFilterWritesItsGoldenImagesThroughTheCommandLine() throws Exception {
        List<String> filters = listedFilters();
        assertThat(filters).as("loomy filters lists the built-ins").contains("NoOp", "Cartoon2", "SepiaRed");
        Path inputs = golden("inputs");
        Path out = dir.resolve("out");

        LoomyProcess loomy = run("filtering", "--reproducible", "--strategy=loop", "--filter=" + String.join(",", filters),
                "--image-format=png", "--quiet", "--output=" + out, inputs.toString());
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();

        SoftAssertions softly = new SoftAssertions();
        List<Path> images;
        try (Stream<Path> files = Files.list(inputs)) {
            images = files.sorted().toList();
        }
        for (String filter : filters) {
            Path golden = golden(GOLDEN.getOrDefault(filter, "catalogue/" + filter));
            for (Path input : images) {
                String png = input.getFileName().toString().replaceFirst("\\.[a-z]+$", ".png");
                Path written = out.resolve(filter).resolve("loop").resolve(png);
                Path expected = filter.equals("NoOp") ? input : golden.resolve(png);
                softly.assertThat(difference(written, expected)).as("%s on %s", filter, input.getFileName()).isEmpty();
            }
        }
        softly.assertAll();
    }

    /** The names in the first column of {@code loomy filters}, in the working folder (the repository's filters.yaml). */
    private List<String> listedFilters() throws IOException, InterruptedException {
        LoomyProcess loomy = run("listing", "filters");
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        List<String> lines = loomy.stdout().lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("NAME ")).findFirst().orElseThrow());
        List<String> names = new ArrayList<>();
        lines.subList(header + 1, lines.size()).forEach(line -> names.add(line.split(" +")[0]));
        return names;
    }

    private LoomyProcess run(String name, String... args) throws IOException, InterruptedException {
        LoomyProcess loomy = LoomyProcess.start(Files.createDirectories(dir.resolve(name)), List.of(), args);
        assertThat(loomy.process().waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)).as("loomy %s ended", name).isTrue();
        return loomy;
    }

    /**
     * How {@code written} differs from {@code expected}, or "" when it has the same pixels: the golden
     * outputs as written (1 channel for Gray and Sobelo), an input as loomy reads it (8-bit BGR).
     */
    private static String difference(Path written, Path expected) {
        if (!Files.isRegularFile(written)) {
            return "not written: " + written;
        }
        boolean input = expected.getParent().getFileName().toString().equals("inputs");
        Mat actual = Imgcodecs.imread(written.toString(), Imgcodecs.IMREAD_UNCHANGED);
        Mat wanted = Imgcodecs.imread(expected.toString(), input ? Imgcodecs.IMREAD_COLOR : Imgcodecs.IMREAD_UNCHANGED);
        Mat difference = new Mat();
        try {
            if (!actual.size().equals(wanted.size()) || actual.type() != wanted.type()) {
                return "got " + actual + ", expected " + wanted;
            }
            Core.absdiff(actual, wanted, difference);
            Mat values = difference.reshape(1);
            int differing = Core.countNonZero(values);
            String text = differing == 0 ? "" : differing + " of " + values.total() + " values differ, by up to "
                    + (int) Core.minMaxLoc(values).maxVal;
            values.release();
            return text;
        } finally {
            actual.release();
            wanted.release();
            difference.release();
        }
    }

    private static Path golden(String folder) throws URISyntaxException {
        URL url = EveryFilterGoldenTest.class.getResource("/golden/" + folder);
        assertThat(url).as("golden outputs in golden/%s: every filter listed needs its own", folder).isNotNull();
        return Path.of(url.toURI());
    }
}
