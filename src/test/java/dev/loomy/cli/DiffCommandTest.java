package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

class DiffCommandTest {

    @TempDir
    Path temp;

    @Test
    void identicalImagesExitZeroWithInfinitePsnr() {
        Path a = TestImages.write(temp.resolve("a.png"), 32, 24, 1);
        Path b = TestImages.write(temp.resolve("b.png"), 32, 24, 1);
        Cli cli = Cli.run("diff", a.toString(), b.toString());

        assertThat(cli.status()).isZero();
        assertThat(cli.out()).containsPattern("a\\.png +0 +100\\.000% +inf")
                .contains("compared 1: 1 identical, 0 different; 0 only in A, 0 only in B, 0 unreadable, 0 size mismatch");
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void aOnePixelChangeGivesItsExactFiguresAndExitOne() {
        Path a = TestImages.write(temp.resolve("a.png"), 50, 40, 2);
        Path b = writeChanged(temp.resolve("b.png"), 50, 40, 2, 25);

        Cli table = Cli.run("diff", a.toString(), b.toString());
        assertThat(table.status()).isEqualTo(1);
        // 50 x 40 x 3 = 6000 values, one differs: 5999/6000 = 99.98333..% rounded down; the MAE is 25/6000.
        assertThat(table.out()).containsPattern("a\\.png +25 +99\\.983% +\\d+\\.\\d\\d +0\\.0042 +0\\.9\\d\\d\\d\n")
                .containsPattern("\noverall +25 +99\\.983% +\\d+\\.\\d\\d +0\\.0042 +0\\.9\\d\\d\\d\n")
                .contains("compared 1: 0 identical, 1 different;");

        Cli csv = Cli.run("diff", "--format=csv", a.toString(), b.toString());
        assertThat(csv.status()).isEqualTo(1);
        assertThat(csv.out().lines()).hasSize(3).first()
                .isEqualTo("image,result,width,height,max_diff,identical_values,total_values,identical_percent,psnr_db,"
                        + "mae,ssim");
        assertThat(csv.out().lines().skip(1).findFirst().orElseThrow())
                .startsWith("a.png,different,50,40,25,5999,6000,99.983333,")
                .containsPattern(",0\\.004167,0\\.9\\d{5}$");
        // The pooled figures, with no size: one image's here.
        assertThat(csv.out().lines().skip(2).findFirst().orElseThrow())
                .startsWith(",overall,,,25,5999,6000,99.983333,").containsPattern(",0\\.004167,0\\.9\\d{5}$");
        assertThat(csv.err()).startsWith("compared 1: 0 identical, 1 different;");
    }

    @Test
    void foldersAreMatchedByRelativePathAndMissingImagesCounted() throws IOException {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        sameAndChanged(a, b);
        TestImages.write(a.resolve("only-a.png"), 20, 20, 3);
        TestImages.write(b.resolve("sub/only-b.png"), 20, 20, 4);
        TestImages.write(a.resolve(".hidden.png"), 20, 20, 5);
        Files.writeString(b.resolve("notes.txt"), "not an image");

        Cli cli = Cli.run("diff", a.toString(), b.toString());

        assertThat(cli.status()).isEqualTo(1);
        assertThat(cli.out()).contains("compared 2: 1 identical, 1 different; 1 only in A, 1 only in B, "
                + "0 unreadable, 0 size mismatch");
        assertThat(cli.out()).containsPattern("same\\.png +0 +100\\.000% +inf")
                .containsPattern("sub/changed\\.png +9 ").doesNotContain("hidden").doesNotContain("only-");
        assertThat(cli.err().lines()).containsExactly(
                "loomy: " + b.resolve("only-a.png") + ": missing (only in A: " + a.resolve("only-a.png") + ")",
                "loomy: " + a.resolve("sub/only-b.png") + ": missing (only in B: " + b.resolve("sub/only-b.png") + ")");
    }

    @Test
    void theOverallRowPoolsEveryComparedPair() {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        sameAndChanged(a, b);
        TestImages.write(a.resolve("only-a.png"), 20, 20, 3);

        Cli csv = Cli.run("diff", "--format=csv", a.toString(), b.toString());

        List<String[]> rows = csv.out().lines().skip(1).map(line -> line.split(",", -1)).toList();
        assertThat(rows).extracting(row -> row[1]).containsExactly("only-in-a", "identical", "different", "overall");
        String[] changed = rows.get(2);
        String[] overall = rows.get(3);
        // Two images of 1,200 values, one value apart by 9: pooled as one image of 2,400 values.
        assertThat(overall).startsWith("", "overall", "", "", "9", "2399", "2400", "99.958333");
        assertThat(overall[9]).isEqualTo("0.003750");
        assertThat(Double.parseDouble(overall[8])).isCloseTo(10 * Math.log10(255.0 * 255 * 2400 / 81), within(1e-4));
        // The images' mean: the identical pair's 1 and the changed one's.
        assertThat(Double.parseDouble(overall[10])).isCloseTo((1 + Double.parseDouble(changed[10])) / 2, within(2e-6));
        assertThat(Double.parseDouble(changed[10])).isLessThan(1);
    }

    @Test
    void aHeatmapIsWrittenForEachDifferingPairOnly() {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        sameAndChanged(a, b);
        Path heat = temp.resolve("heat");

        Cli cli = Cli.run("diff", "--heatmap=" + heat, a.toString(), b.toString());

        assertThat(cli.status()).isEqualTo(1);
        assertThat(cli.err()).isEmpty();
        try (Stream<Path> files = Files.walk(heat)) {
            assertThat(files.filter(Files::isRegularFile).map(heat::relativize).map(Path::toString))
                    .containsExactly("sub/changed.png.png");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Mat map = Imgcodecs.imread(heat.resolve("sub/changed.png.png").toString());
        Mat original = TestImages.image(20, 20, 2);
        try {
            byte[] pixel = new byte[3];
            map.get(3, 4, pixel);
            // A difference of 9: green and blue 160 (1 - sqrt(8 / 254)) = 131.6, red full.
            assertThat(new int[] {pixel[0] & 0xff, pixel[1] & 0xff, pixel[2] & 0xff}).containsExactly(132, 132, 255);
            map.get(10, 10, pixel);
            byte[] at = new byte[3];
            original.get(10, 10, at);
            double luma = 0.114 * (at[0] & 0xff) + 0.587 * (at[1] & 0xff) + 0.299 * (at[2] & 0xff);
            assertThat(pixel[0]).isEqualTo(pixel[1]).isEqualTo(pixel[2]);
            assertThat((double) (pixel[0] & 0xff)).isBetween(191 + luma / 4, 193 + luma / 4);
        } finally {
            map.release();
            original.release();
        }
    }

    @Test
    void aHeatmapFolderInAnInputFolderIsRefusedBeforeAnyImageIsRead() {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        TestImages.write(a.resolve("x.png"), 20, 20, 2);
        writeChanged(b.resolve("x.png"), 20, 20, 2, 9);

        assertUsage(Cli.run("diff", "--heatmap=" + a.resolve("heat"), a.toString(), b.toString()),
                "would be written into the input folder " + a);
        assertThat(a.resolve("heat")).doesNotExist();
    }

    @Test
    void aHeatmapFolderThatIsAFileIsOneLineBeforeAnyImage() throws IOException {
        Path a = TestImages.write(temp.resolve("a/x.png"), 20, 20, 2);
        TestImages.write(temp.resolve("a/y.png"), 20, 20, 2);
        writeChanged(temp.resolve("b/x.png"), 20, 20, 2, 9);
        writeChanged(temp.resolve("b/y.png"), 20, 20, 2, 8);
        Path file = Files.writeString(temp.resolve("heat"), "a file, not a folder");

        Cli cli = Cli.run("diff", "--heatmap=" + file, a.getParent().toString(), temp.resolve("b").toString());

        // Once, not once per image.
        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines()).singleElement().asString()
                .isEqualTo("loomy: --heatmap=" + file + ": exists and is not a folder");
        assertThat(cli.out()).isEmpty();
        assertThat(Files.readString(file)).isEqualTo("a file, not a folder");
    }

    @Test
    void quietPrintsOnlyTheSummary() {
        Path a = TestImages.write(temp.resolve("a/x.png"), 20, 20, 1);
        TestImages.write(temp.resolve("b/x.png"), 20, 20, 1);
        Cli cli = Cli.run("diff", "--quiet", a.getParent().toString(), temp.resolve("b").toString());

        assertThat(cli.status()).isZero();
        assertThat(cli.out().lines()).containsExactly(
                "compared 1: 1 identical, 0 different; 0 only in A, 0 only in B, 0 unreadable, 0 size mismatch");
    }

    @Test
    void aSizeMismatchExitsTwoNamingTheFile() {
        Path a = TestImages.write(temp.resolve("a/x.png"), 20, 20, 1);
        TestImages.write(temp.resolve("b/x.png"), 21, 20, 1);
        Cli cli = Cli.run("diff", a.getParent().toString(), temp.resolve("b").toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("x.png: sizes differ, 20x20 in A").contains("21x20 in B");
        assertThat(cli.out()).contains("1 size mismatch");
    }

    @Test
    void anUnreadableImageExitsTwoEvenWhenOthersDiffer() throws IOException {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        TestImages.write(a.resolve("broken.png"), 20, 20, 1);
        Files.createDirectories(b);
        Files.write(b.resolve("broken.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3});
        TestImages.write(a.resolve("changed.png"), 20, 20, 2);
        writeChanged(b.resolve("changed.png"), 20, 20, 2, 3);

        Cli cli = Cli.run("diff", a.toString(), b.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains(b.resolve("broken.png") + ": not an image");
        assertThat(cli.out()).contains("compared 1: 0 identical, 1 different; 0 only in A, 0 only in B, 1 unreadable");
    }

    /** A diff command line that is bad usage, made from an image, a text file and the folder that holds both. */
    interface BadDiff {
        String[] args(Path image, Path text, Path temp);
    }

    private static Arguments bad(String name, BadDiff line, String message) {
        return Arguments.of(Named.of(name, line), message);
    }

    static Stream<Arguments> badUsage() {
        return Stream.of(
                bad("one path only", (image, text, temp) -> new String[] {"diff", image.toString()},
                        "Missing required parameter"),
                bad("a missing path",
                        (image, text, temp) -> new String[] {"diff", image.toString(), temp.resolve("none.png").toString()},
                        "no such file or folder"),
                bad("a folder and a file", (image, text, temp) -> new String[] {"diff", temp.toString(), image.toString()},
                        "cannot compare a folder with a file"),
                bad("a file that is not an image",
                        (image, text, temp) -> new String[] {"diff", image.toString(), text.toString()}, "not an image file"),
                bad("an unknown format",
                        (image, text, temp) -> new String[] {"diff", "--format=xml", image.toString(), image.toString()},
                        "expected table or csv"),
                bad("two folders without images", (image, text, temp) -> new String[] {"diff",
                        temp.resolve("empty1").toString(), temp.resolve("empty2").toString()}, "no images found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badUsage")
    void badUsageExitsTwo(BadDiff line, String message) throws IOException {
        Path image = TestImages.write(temp.resolve("x.png"), 20, 20, 1);
        Path text = Files.writeString(temp.resolve("x.txt"), "text");
        Files.createDirectories(temp.resolve("empty1"));
        Files.createDirectories(temp.resolve("empty2"));

        assertUsage(Cli.run(line.args(image, text, temp)), message);
    }

    /** {@code same.png} alike in both, {@code sub/changed.png} one value apart by 9 (at row 3, column 4). */
    private static void sameAndChanged(Path a, Path b) {
        TestImages.write(a.resolve("same.png"), 20, 20, 1);
        TestImages.write(b.resolve("same.png"), 20, 20, 1);
        TestImages.write(a.resolve("sub/changed.png"), 20, 20, 2);
        writeChanged(b.resolve("sub/changed.png"), 20, 20, 2, 9);
    }

    private static void assertUsage(Cli cli, String message) {
        assertThat(cli.status()).as(message).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).as(message).startsWith("loomy: ").contains(message).hasLineCount(1);
        assertThat(cli.out()).as(message).isEmpty();
    }

    /** The test image for {@code seed} with one channel value at (3, 4) moved by {@code by}, as PNG (lossless). */
    private static Path writeChanged(Path file, int width, int height, long seed, int by) {
        Mat image = TestImages.image(width, height, seed);
        try {
            byte[] pixel = new byte[3];
            image.get(3, 4, pixel);
            int value = pixel[1] & 0xff;
            pixel[1] = (byte) (value >= 128 ? value - by : value + by);
            image.put(3, 4, pixel);
            Files.createDirectories(file.toAbsolutePath().getParent());
            assertThat(Imgcodecs.imwrite(file.toString(), image)).isTrue();
            return file;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            image.release();
        }
    }
}
