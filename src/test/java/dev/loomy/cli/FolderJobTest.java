package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * The options a user filtering a folder expects, run as the user runs them: {@code --quality},
 * {@code --image-format=webp}, {@code -q}, several filters as a job, a mistyped command.
 */
@Slow
class FolderJobTest {

    private static final String NL = System.lineSeparator();

    @TempDir
    Path dir;

    /** Two noisy photos, a JPEG and a PNG, in {@code in/}: their encoded size follows the quality. */
    private Path photos() {
        TestImages.write(dir.resolve("in/a.jpg"), 96, 64, 1);
        TestImages.write(dir.resolve("in/b.png"), 96, 64, 2);
        return dir.resolve("in");
    }

    private static long size(Path file) throws Exception {
        return Files.size(file);
    }

    @Test
    void qualityMakesSmallerJpegsAndWebPsAndTravelsToMeasuringChildren() throws Exception {
        Path in = photos();

        Cli defaults = Cli.run("-s", "loop", "--format=json", "-o", dir.resolve("q95").toString(), in.toString());
        Cli low = Cli.run("-s", "loop", "--quality=20", "--format=json", "-o", dir.resolve("q20").toString(),
                in.toString());
        Cli forked = Cli.run("-s", "loop,virtual", "--fork", "--quality=20", "--format=json", "-o",
                dir.resolve("forked").toString(), in.toString());

        assertThat(defaults.status()).as(defaults.err()).isEqualTo(ExitCodes.OK);
        assertThat(low.status()).as(low.err()).isEqualTo(ExitCodes.OK);
        assertThat(forked.status()).as(forked.err()).isEqualTo(ExitCodes.OK);
        assertThat(options(defaults).path("quality").asInt()).isEqualTo(95);
        assertThat(options(low).path("quality").asInt()).isEqualTo(20);
        long atDefault = size(dir.resolve("q95/a.jpg"));
        assertThat(size(dir.resolve("q20/a.jpg"))).isLessThan(atDefault * 2 / 3);
        // A PNG is lossless: the same bytes whatever the quality.
        assertThat(Files.readAllBytes(dir.resolve("q20/b.png"))).isEqualTo(Files.readAllBytes(dir.resolve("q95/b.png")));
        for (String strategy : List.of("loop", "virtual")) {
            assertThat(Files.readAllBytes(dir.resolve("forked/NoOp").resolve(strategy).resolve("a.jpg")))
                    .as("written by the child measuring %s", strategy)
                    .isEqualTo(Files.readAllBytes(dir.resolve("q20/a.jpg")));
        }
    }

    @Test
    void imageFormatWebpWritesWebPsAtTheQualityAsked() throws Exception {
        Path in = photos();

        Cli high = Cli.run("--image-format=webp", "-o", dir.resolve("high").toString(), in.toString());
        Cli low = Cli.run("--image-format=webp", "--quality=10", "-o", dir.resolve("low").toString(), in.toString());

        assertThat(high.status()).as(high.err()).isEqualTo(ExitCodes.OK);
        assertThat(low.status()).as(low.err()).isEqualTo(ExitCodes.OK);
        for (String name : List.of("a.webp", "b.webp")) {
            byte[] bytes = Files.readAllBytes(dir.resolve("high").resolve(name));
            assertThat(new String(Arrays.copyOfRange(bytes, 8, 12), StandardCharsets.US_ASCII)).isEqualTo("WEBP");
            assertThat(size(dir.resolve("low").resolve(name))).isLessThan(bytes.length);
        }
        assertThat(high.out()).startsWith("2 images -> " + dir.resolve("high") + "/ in ");
    }

    @Test
    void aQualityOutOfRangeIsOneLineAndExit2BeforeAnyWork() {
        Path in = photos();
        for (String quality : List.of("0", "101", "high")) {
            Cli wrong = Cli.run("--quality=" + quality, "-o", dir.resolve("out").toString(), in.toString());

            assertThat(wrong.status()).isEqualTo(ExitCodes.USAGE);
            assertThat(wrong.err()).startsWith("loomy: Invalid value for option '--quality': ")
                    .contains("from 1 to 100").hasLineCount(1);
            assertThat(dir.resolve("out")).doesNotExist();
        }
    }

    @Test
    void anUnknownImageFormatIsOneLineAndExit2BeforeAnyWork() {
        Path in = photos();

        Cli gif = Cli.run("--image-format=gif", "-o", dir.resolve("out").toString(), in.toString());

        assertThat(gif.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(gif.err()).isEqualTo("loomy: unknown image format 'gif' (expected same, png, jpg or webp)" + NL);
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aQualityForPngOutputIsAWarningThatItDoesNothing() throws Exception {
        Path in = photos();

        Cli png = Cli.run("--quality=50", "--image-format=png", "-q", "-o", dir.resolve("png").toString(), in.toString());
        Cli jpg = Cli.run("--quality=50", "--image-format=jpg", "-q", "-o", dir.resolve("jpg").toString(), in.toString());

        assertThat(png.status()).as(png.err()).isEqualTo(ExitCodes.OK);
        assertThat(png.err()).isEqualTo("loomy: warning: --quality does nothing with --image-format=png: PNG is lossless"
                + NL);
        assertThat(dir.resolve("png/a.png")).isRegularFile();
        assertThat(jpg.status()).as(jpg.err()).isEqualTo(ExitCodes.OK);
        assertThat(jpg.err()).isEmpty();
    }

    @Test
    void keepMetadataForWebPOutputIsAWarningThatItDoesNothing() throws Exception {
        Path in = photos();

        Cli webp = Cli.run("--keep-metadata=exif", "--image-format=webp", "-q", "-o", dir.resolve("webp").toString(),
                in.toString());

        assertThat(webp.status()).as(webp.err()).isEqualTo(ExitCodes.OK);
        assertThat(webp.err()).isEqualTo("loomy: warning: --keep-metadata does nothing with --image-format=webp: "
                + "a WebP output keeps no metadata" + NL);
        assertThat(dir.resolve("webp/a.webp")).isRegularFile();
    }

    @Test
    void dashQIsQuietOnTheMainCommandAndOnReport() throws Exception {
        Path in = photos();

        Cli quiet = Cli.run("-q", "--no-progress", "-o", dir.resolve("out").toString(), in.toString());
        Cli saved = Cli.run("-q", "--format=json", "--no-write", in.toString());
        Path json = Files.writeString(dir.resolve("results.json"), saved.out());
        Cli report = Cli.run("report", "-q", json.toString());

        assertThat(quiet.status()).as(quiet.err()).isEqualTo(ExitCodes.OK);
        assertThat(quiet.out()).isEmpty();
        assertThat(quiet.err()).isEmpty();
        assertThat(dir.resolve("out/a.jpg")).isRegularFile();
        assertThat(saved.status()).as(saved.err()).isEqualTo(ExitCodes.OK);
        assertThat(report.status()).as(report.err()).isEqualTo(ExitCodes.OK);
        assertThat(report.out()).contains("NoOp");
    }

    @Test
    void severalFiltersOnAPlainJobPrintALinePerFilterWithoutTheTableOrCaveats() throws Exception {
        Path in = photos();
        Path out = dir.resolve("out");

        Cli job = Cli.run("-f", "NoOp,Gray", "--no-progress", "-o", out.toString(), in.toString());

        assertThat(job.status()).as(job.err()).isEqualTo(ExitCodes.OK);
        List<String> lines = job.out().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("NoOp: 2 images -> " + out + "/NoOp/virtual/ in ")
                .endsWith(", 0 failed, 0 warnings");
        assertThat(lines.get(1)).startsWith("Gray: 2 images -> " + out + "/Gray/virtual/ in ");
        assertThat(job.err()).doesNotContain("caveat", "confidence", "Contention", "contended");
        assertThat(out.resolve("Gray/virtual/a.jpg")).isRegularFile();
        assertThat(out.resolve("NoOp/virtual/b.png")).isRegularFile();
    }

    @Test
    void aMistypedCommandIsAnsweredWithTheClosestUnlessAnInputOfThatNameExists() throws Exception {
        Cli gallery = Cli.run("galery", "samples");
        Cli filters = Cli.run("filter");

        assertThat(gallery.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(gallery.err()).isEqualTo("loomy: unknown command 'galery' (did you mean gallery?), and no file or "
                + "folder of that name to take as an input" + NL);
        assertThat(filters.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(filters.err()).startsWith("loomy: unknown command 'filter' (did you mean filters?)");

        // Two letters swapped is one slip, as for any name loomy is given.
        Cli tune = Cli.run("tnue", "samples");
        assertThat(tune.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(tune.err()).startsWith("loomy: unknown command 'tnue' (did you mean tune?)").hasLineCount(1);

        // An option typed as a command.
        Cli help = Cli.run("help");
        assertThat(help.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(help.err()).startsWith("loomy: unknown command 'help' (did you mean --help?)").hasLineCount(1);
        assertThat(Cli.run("version").err()).startsWith("loomy: unknown command 'version' (did you mean --version?)");

        Files.createDirectories(dir.resolve("galery"));
        assertThat(Main.mistypedCommand("galery", dir)).as("a folder of that name is an input").isNull();
        Files.createDirectories(dir.resolve("help"));
        assertThat(Main.mistypedCommand("help", dir)).as("a folder of that name is an input").isNull();
        assertThat(Main.mistypedCommand("photos", dir)).as("no command is close").isNull();
    }

    @Test
    void filtersNamesListsEveryFilterOfTheFileOneALine() throws Exception {
        Path file = Files.writeString(dir.resolve("mine.yaml"), "filters:\n  Dusk: {kind: GammaCorrection, gamma: 0.5}\n");

        Cli names = Cli.run("filters", "--names", "--config=" + file);

        assertThat(names.status()).as(names.err()).isEqualTo(ExitCodes.OK);
        assertThat(names.out().lines()).contains("NoOp", "Cartoon2", "Dusk").allMatch(line -> !line.contains(" "));
    }

    private static JsonNode options(Cli run) throws Exception {
        return new ObjectMapper().readTree(run.out()).path("options");
    }
}
