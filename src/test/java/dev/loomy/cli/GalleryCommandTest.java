package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static dev.loomy.testing.Galleries.HOSTILE;
import static dev.loomy.testing.Galleries.attributes;
import static dev.loomy.testing.Galleries.groups;
import static dev.loomy.testing.Galleries.heads;
import static dev.loomy.testing.Galleries.inputs;
import static dev.loomy.testing.Galleries.resolve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.filter.config.FiltersFileLoader;
import dev.loomy.gallery.Thumbnails;
import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;

class GalleryCommandTest {

    /** The JVM option that logs each class as it is loaded, on standard error among loomy's lines. */
    private static final String CLASS_LOADS = "-Xlog:class+load=info:stderr";

    @TempDir
    Path dir;

    @Test
    void aRowPerImageTheOriginalFirstThenAColumnPerFilterWithItsTime() throws Exception {
        Path in = inputs(dir.resolve("in"));
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-f", "gray,Invert", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err()).isEmpty();
        assertThat(cli.out().strip()).isEqualTo(out.resolve("index.html").toString());
        String html = Files.readString(out.resolve("index.html"));
        assertThat(heads(html)).containsExactly("Original", "Gray", "Invert");
        assertThat(count(html, "<tr>")).isEqualTo(1 + 3);
        assertThat(count(html, "ms / image</span>")).isEqualTo(2);
        assertThat(attributes(html, "src")).hasSize(3 * 3);
        assertThat(attributes(html, "href")).hasSize(3 * 3);
        for (String url : attributes(html, "src")) {
            Path thumb = resolve(out, url);
            assertThat(thumb).isRegularFile();
            assertThat(Files.readAllBytes(thumb)).startsWith((byte) 0xFF, (byte) 0xD8);
        }
        for (String url : attributes(html, "href")) {
            assertThat(resolve(out, url)).isRegularFile();
        }
        // The warm-up before the run writes elsewhere, and deletes what it wrote.
        try (java.util.stream.Stream<Path> folders = Files.list(out.resolve("images"))) {
            assertThat(folders.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("Gray", "Invert");
        }
    }

    @Test
    void theRunTakesEveryCoreAndThePageSaysWhatItsTimesMean() throws Exception {
        Path in = inputs(dir.resolve("in"));
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-f", "Gray,Invert", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(out.resolve("images/Gray/pool/one.png")).isRegularFile();
        String foot = groups(Files.readString(out.resolve("index.html")), "<footer>([^<]*)</footer>").get(0);
        assertThat(foot).contains(cores == 1 ? "one image at a time (pool strategy"
                : cores + " images at a time on " + cores + " threads (pool strategy")
                .contains("after a warm-up that was not timed: NoOp over the first images, then each filter");
    }

    @Test
    void oneLineSaysTheImagesInFlightForEveryFilter() throws Exception {
        Path in = inputs(dir.resolve("in"));

        Cli cli = Cli.run("gallery", "-f", "Gray,Invert,Cartoon2,ALTMRetinex", "-o", dir.resolve("gallery").toString(),
                in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err().lines().filter(line -> line.contains("in flight"))).as(cli.err()).hasSize(1);
    }

    @Test
    void thumbnailsAreSmallAndShowTheirColumnsImage() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("big.png"), 1200, 900, 4);
        Path out = dir.resolve("gallery");

        assertThat(Cli.run("gallery", "-q", "-f", "Invert", "-o", out.toString(), in.toString()).status()).isZero();

        List<String> thumbs = attributes(Files.readString(out.resolve("index.html")), "src");
        assertThat(thumbs).hasSize(2);
        OpenCv.load();
        try (MatScope scope = new MatScope()) {
            Mat original = scope.add(Imgcodecs.imread(resolve(out, thumbs.get(0)).toString()));
            Mat inverted = scope.add(Imgcodecs.imread(resolve(out, thumbs.get(1)).toString()));
            assertThat(original.cols()).isEqualTo(Thumbnails.MAX_HEIGHT * 4 / 3).isLessThanOrEqualTo(Thumbnails.MAX_WIDTH);
            assertThat(original.rows()).isEqualTo(Thumbnails.MAX_HEIGHT);
            assertThat(Files.size(resolve(out, thumbs.get(0)))).isLessThan(Files.size(in.resolve("big.png")) / 10);
            // The Invert column's thumbnail is the original's, inverted (give or take JPEG's rounding).
            Mat back = scope.mat();
            Core.bitwise_not(inverted, back);
            Mat difference = scope.mat();
            Core.absdiff(original, back, difference);
            assertThat(Core.mean(difference).val[0]).isLessThan(4.0);
            Mat same = scope.mat();
            Core.absdiff(original, inverted, same);
            assertThat(Core.mean(same).val[0]).isGreaterThan(40.0);
        }
    }

    @Test
    void fileNamesAreEscapedInTheTextAndEncodedInTheLinks() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve(HOSTILE), 64, 48, 1);
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-f", "Gray", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).doesNotContain("<b>").doesNotContain("\"c\"").doesNotContain("'d'")
                .contains(">a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; #1%?.png</span>");
        List<String> links = new ArrayList<>(attributes(html, "src"));
        links.addAll(attributes(html, "href"));
        assertThat(links).hasSize(4).allSatisfy(url -> assertThat(url).doesNotContain("#", "?", " "));
        for (String url : links) {
            assertThat(resolve(out, url)).isRegularFile();
        }
        // The copy and the output keep the name; a thumbnail is named by its row, which no name can collide with.
        for (String url : attributes(html, "href")) {
            assertThat(resolve(out, url).getFileName().toString()).startsWith(HOSTILE);
        }
        for (String url : attributes(html, "src")) {
            assertThat(resolve(out, url).getFileName().toString()).isEqualTo("0.jpg");
        }
    }

    @Test
    void allIsEveryFilterKnownAndThePageFetchesNothing() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 64, 48, 1);
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        String html = Files.readString(out.resolve("index.html"));
        List<String> names = FiltersFileLoader.load(null, Path.of("")).registry().names();
        assertThat(heads(html)).hasSize(1 + names.size()).containsSubsequence(names);
        assertThat(html.toLowerCase()).doesNotContain("http:", "https:", "<link", "<script", "@import", "url(", "//");
    }

    @Test
    void aSweptParameterGivesAColumnPerValue() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 96, 64, 1);
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-f", "GammaCorrection,Invert", "--param=gamma=0.5,2", "-o", out.toString(),
                in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        String html = Files.readString(out.resolve("index.html"));
        assertThat(heads(html)).containsExactly("Original", "GammaCorrection[gamma&#x3D;0.5]",
                "GammaCorrection[gamma&#x3D;2]", "Invert");
        assertThat(groups(html.replaceAll("</?mark>", ""), "<span class=\"params\">([^<]*)</span>"))
                .containsExactly("gamma&#x3D;0.5", "gamma&#x3D;2.0");
        // The parameter the sweep changes is marked in its variants' heads; Invert has none.
        assertThat(groups(html, "<span class=\"params\"><mark>([^<]*)</mark></span>")).containsExactly(
                "gamma&#x3D;0.5", "gamma&#x3D;2.0");
        List<String> thumbs = attributes(html, "src");
        assertThat(Files.readAllBytes(resolve(out, thumbs.get(1)))).isNotEqualTo(Files.readAllBytes(resolve(out, thumbs.get(2))));

        Cli bad = Cli.run("gallery", "-f", "Invert", "--param=gamma=2", "-o", dir.resolve("bad").toString(), in.toString());
        assertThat(bad.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).contains("--param=gamma=2").contains("Invert");
        assertThat(dir.resolve("bad")).doesNotExist();
    }

    @Test
    void anImageThatFailsIsNamedItsCellSaysSoAndTheExitStatusIsOne() throws Exception {
        Path in = inputs(dir.resolve("in"));
        Files.write(in.resolve("broken.jpg"), new byte[] {(byte) 0xFF, (byte) 0xD8, 1, 2, 3});
        Path out = dir.resolve("gallery");

        Cli cli = Cli.run("gallery", "-q", "-f", "Gray", "-o", out.toString(), in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(cli.err().lines().filter(line -> line.contains("broken.jpg"))).as(cli.err()).hasSize(1);
        String html = Files.readString(out.resolve("index.html"));
        assertThat(count(html, "<tr>")).isEqualTo(1 + 4);
        assertThat(count(html, "class=\"failed\"")).isEqualTo(2);
        assertThat(attributes(html, "src")).hasSize(3 * 2);
    }

    @Test
    void aGalleryInsideAnInputFolderIsRefusedBeforeAnyWork() throws Exception {
        Path in = inputs(dir.resolve("in"));

        Cli cli = Cli.run("gallery", "-f", "Gray", "-o", in.resolve("gallery").toString(), in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).singleElement().asString().contains("input folder");
        assertThat(in.resolve("gallery")).doesNotExist();
    }

    @Test
    void thumbnailsThatWouldLandInAnInputFolderAreRefused() throws Exception {
        Path out = dir.resolve("gallery");
        Path in = inputs(out.resolve("thumbs/1"));

        Cli cli = Cli.run("gallery", "-f", "Gray", "-o", out.toString(), in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).singleElement().asString()
                .contains("thumbnail").contains("input folder");
        assertThat(out.resolve("index.html")).doesNotExist();
        assertThat(out.resolve("images")).doesNotExist();
    }

    @Test
    void anUnknownFilterIsBadUsage() throws Exception {
        Path in = inputs(dir.resolve("in"));

        Cli cli = Cli.run("gallery", "-f", "Gray,Nope", "-o", dir.resolve("gallery").toString(), in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("Nope");
        assertThat(dir.resolve("gallery")).doesNotExist();
    }

    @Slow
    @Test
    @Timeout(120)
    void theWarmUpRunsTheRunsOwnFiltersBeforeTheTimedRun() throws Exception {
        Path in = inputs(dir.resolve("in"));
        Path logs = Files.createDirectories(dir.resolve("logs"));

        // OpenCV's photo module is loaded when EdgePreserving first filters an image: before the run's line
        // (said as its first image is admitted) only if the warm-up filtered with it.
        LoomyProcess loomy = LoomyProcess.start(logs, List.of(CLASS_LOADS), "gallery", "-f", "EdgePreserving",
                "-o", dir.resolve("gallery").toString(), in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        String err = loomy.stderr();
        String said = err.lines().filter(line -> !line.contains("[class,load]")).collect(Collectors.joining("\n"));
        assertThat(loomy.process().exitValue()).as(said).isZero();
        assertThat(err.indexOf("[class,load] org.opencv.photo.Photo ")).as(said).isNotNegative()
                .isLessThan(err.indexOf(" in flight"));
    }

    @Slow
    @Test
    @Timeout(120)
    void ctrlCStopsWithin3SecondsAndLeavesNoPageAndNoTemporaryFile() throws Exception {
        LoomyProcess loomy = slowGallery(List.of());
        while (!loomy.stderr().contains("in flight")) {
            assertThat(loomy.process().isAlive()).as("still running: " + loomy.stderr()).isTrue();
            Thread.sleep(20);
        }
        Thread.sleep(1500);

        stopsWithin3SecondsLeavingNothing(loomy);
    }

    @Slow
    @Test
    @Timeout(120)
    void ctrlCDuringTheWarmUpStopsWithin3SecondsAndTheTimedRunNeverStarts() throws Exception {
        LoomyProcess loomy = slowGallery(List.of(CLASS_LOADS));
        while (!loomy.stderr().contains("[class,load] " + GalleryWarmUp.class.getName() + " ")) {
            assertThat(loomy.process().isAlive()).as("still running: " + loomy.stderr()).isTrue();
            Thread.sleep(20);
        }
        // Into the warm-up with the run's own filter, which lasts its budget.
        Thread.sleep(1000);
        assertThat(loomy.stderr()).doesNotContain("in flight");

        stopsWithin3SecondsLeavingNothing(loomy);
        assertThat(loomy.stderr()).doesNotContain("in flight").contains("interrupted during the warm-up");
    }

    /** A gallery of one 4-megapixel image through a chain of 60 ALTMRetinex steps: far longer than 3 s. */
    private LoomyProcess slowGallery(List<String> jvmOptions) throws Exception {
        Path image = TestImages.write(dir.resolve("in/photo.png"), 2000, 2000, 7);
        Path config = Files.writeString(dir.resolve("slow.yaml"), "filters:\n  Slow: {chain: ["
                + String.join(", ", Collections.nCopies(60, "ALTMRetinex")) + "]}\n");
        Path logs = Files.createDirectories(dir.resolve("logs"));
        return LoomyProcess.start(logs, jvmOptions, "gallery", "--config=" + config, "-f", "Slow",
                "-o", dir.resolve("gallery").toString(), image.getParent().toString());
    }

    private void stopsWithin3SecondsLeavingNothing(LoomyProcess loomy) throws Exception {
        long sent = System.nanoTime();
        loomy.kill("INT");
        assertThat(loomy.process().waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent)).as(loomy.stderr()).isLessThan(3000);
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(dir.resolve("gallery/index.html")).doesNotExist();
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".loomy-tmp"));
        }
    }

    private static int count(String html, String text) {
        return html.split(Pattern.quote(text), -1).length - 1;
    }
}
