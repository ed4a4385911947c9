package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.imageio.JpegReadingTest;
import dev.loomy.run.ExitCodes;

/**
 * Truncated JPEGs beside whole images (docs/reliability.md#damaged-but-decodable-images): decoded,
 * written, one warning line each, counted in {@code warnings}, exit 0; with {@code --strict},
 * failures and exit 1. Counted per row when each pair is measured in a child JVM too.
 */
class DamagedImagesTest {

    private static final List<String> WHOLE = List.of("a.jpg", "b.png");
    private static final List<String> DAMAGED = List.of("half.jpg", "no-end.jpg");

    @TempDir
    Path dir;

    Path input;
    Path out;

    @BeforeEach
    void images() throws Exception {
        input = dir.resolve("in");
        out = dir.resolve("out");
        TestImages.write(input.resolve("a.jpg"), 96, 64, 1);
        TestImages.write(input.resolve("b.png"), 96, 64, 2);
        byte[] jpeg = Files.readAllBytes(TestImages.write(dir.resolve("whole.jpg"), 96, 64, 3));
        Files.write(input.resolve("half.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));
        Files.write(input.resolve("no-end.jpg"), Arrays.copyOf(jpeg, jpeg.length - 2));
    }

    private static List<String> warningLines(Cli run, String name) {
        return run.err().lines().filter(l -> l.contains(name)).toList();
    }

    private static List<String> csvColumn(Cli run, String column) {
        List<String> lines = run.out().lines().toList();
        int at = List.of(lines.get(0).split(",")).indexOf(column);
        return lines.stream().skip(1).map(l -> l.split(",", -1)[at]).toList();
    }

    private void assertWritten(Path folder, List<String> names) {
        for (String name : names) {
            Mat image = Imgcodecs.imread(folder.resolve(name).toString());
            assertThat(image.empty()).as(name + " written in " + folder).isFalse();
            image.release();
        }
    }

    @Test
    @Timeout(60)
    void damagedImagesAreWrittenWarnedAboutAndCountedAndTheExitIsZero() {
        Cli run = Cli.run("--strategy=loop", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        for (String name : DAMAGED) {
            assertThat(warningLines(run, name)).as(run.err()).singleElement().asString()
                    .startsWith("loomy: " + input.resolve(name) + ": warning: truncated: the JPEG data ends without "
                            + "its end-of-image marker").endsWith("decoded as far as the data goes");
        }
        assertThat(csvColumn(run, "warnings")).containsExactly("2");
        assertThat(csvColumn(run, "failed")).containsExactly("0");
        assertThat(csvColumn(run, "outcome")).containsExactly("ok");
        assertWritten(out, WHOLE);
        assertWritten(out, DAMAGED);
    }

    @Test
    @Timeout(60)
    void corruptScanDataIsWarnedAboutAndCountedAndStrictFailsIt() throws Exception {
        Path corrupt = input.resolve("corrupt.jpg");
        byte[] jpeg = Files.readAllBytes(TestImages.write(dir.resolve("whole2.jpg"), 320, 240, 4));
        Files.write(corrupt, JpegReadingTest.corrupted(jpeg));
        Cli run = Cli.run("--strategy=loop", "--format=csv", "-o", out.toString(), input.toString());
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(warningLines(run, "corrupt.jpg")).as(run.err()).singleElement().asString()
                .startsWith("loomy: " + corrupt + ": warning: Corrupt JPEG data").endsWith("; decoded all the same");
        assertThat(csvColumn(run, "warnings")).containsExactly("3");
        assertWritten(out, List.of("corrupt.jpg"));

        Path strictOut = dir.resolve("strict");
        Cli strict = Cli.run("--strict", "--strategy=loop", "--format=csv", "-o", strictOut.toString(), input.toString());
        assertThat(strict.status()).as(strict.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(csvColumn(strict, "failed")).containsExactly("3");
        assertThat(strictOut.resolve("corrupt.jpg")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void strictMakesThemFailuresAndTheExitOne() {
        Cli run = Cli.run("--strict", "--strategy=loop", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        for (String name : DAMAGED) {
            assertThat(warningLines(run, name)).as(run.err()).singleElement().asString()
                    .startsWith("loomy: " + input.resolve(name) + ": truncated: the JPEG data ends without");
            assertThat(out.resolve(name)).doesNotExist();
        }
        assertThat(csvColumn(run, "warnings")).containsExactly("0");
        assertThat(csvColumn(run, "failed")).containsExactly("2");
        assertWritten(out, WHOLE);
    }

    @Slow
    @Test
    @Timeout(120)
    void warningsComeBackFromChildJvmsAndAreCountedPerRow() throws Exception {
        Cli run = Cli.run("--strategy=loop,virtual", "--fork", "--format=json", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.get("forked").asBoolean()).isTrue();
        for (JsonNode row : root.get("results")) {
            assertThat(row.get("warnings").asInt()).as(row.toString()).isEqualTo(2);
            assertThat(row.get("failed").asInt()).isZero();
            assertThat(row.at("/raw_runs/0/warned_images")).hasSize(2);
        }
        // Both children read the damaged files; each is named once.
        for (String name : DAMAGED) {
            assertThat(warningLines(run, name)).as(run.err()).singleElement().asString().contains(": warning: truncated");
        }
        assertWritten(out.resolve("NoOp/virtual"), DAMAGED);
    }

    @Test
    @Timeout(60)
    void theHumanFormatsShowTheWarningsColumn() throws Exception {
        Cli table = Cli.run("--strategy=loop", "--no-write", "--format=table", input.toString());
        Cli markdown = Cli.run("--strategy=loop", "--no-write", "--format=markdown", input.toString());
        Files.delete(input.resolve("half.jpg"));
        Files.delete(input.resolve("no-end.jpg"));
        Cli wholeOnly = Cli.run("--strategy=loop", "--no-write", "--format=table", input.toString());

        assertThat(table.out().lines().filter(l -> l.startsWith("Filter "))).singleElement().asString()
                .contains(" Failed  Warnings ");
        // The table's row, not a line of prose under it that begins with the filter's name.
        assertThat(table.out().lines().filter(l -> l.matches("NoOp +[\\d.]+ .*"))).singleElement().asString()
                .matches("NoOp .* 4 +0 +2 .*");
        assertThat(markdown.out().lines().filter(l -> l.startsWith("| Strategy"))).singleElement().asString()
                // No image failed: markdown, for readers of a blog, leaves Failed out then.
                .contains("| Images | Warnings |");
        assertThat(wholeOnly.out()).doesNotContain("Warnings");
    }
}
