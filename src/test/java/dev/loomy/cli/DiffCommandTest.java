package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        // 50 x 40 x 3 = 6000 values, one differs: 5999/6000 = 99.98333..% rounded down.
        assertThat(table.out()).containsPattern("a\\.png +25 +99\\.983% +\\d+\\.\\d\\d\n")
                .contains("compared 1: 0 identical, 1 different;");

        Cli csv = Cli.run("diff", "--format=csv", a.toString(), b.toString());
        assertThat(csv.status()).isEqualTo(1);
        assertThat(csv.out().lines()).hasSize(2).first()
                .isEqualTo("image,result,width,height,max_diff,identical_values,total_values,identical_percent,psnr_db");
        assertThat(csv.out().lines().skip(1).findFirst().orElseThrow())
                .startsWith("a.png,different,50,40,25,5999,6000,99.983333,");
        assertThat(csv.err()).startsWith("compared 1: 0 identical, 1 different;");
    }

    @Test
    void foldersAreMatchedByRelativePathAndMissingImagesCounted() throws IOException {
        Path a = temp.resolve("a");
        Path b = temp.resolve("b");
        TestImages.write(a.resolve("same.png"), 20, 20, 1);
        TestImages.write(b.resolve("same.png"), 20, 20, 1);
        TestImages.write(a.resolve("sub/changed.png"), 20, 20, 2);
        writeChanged(b.resolve("sub/changed.png"), 20, 20, 2, 9);
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

    @Test
    void badUsageExitsTwo() throws IOException {
        Path image = TestImages.write(temp.resolve("x.png"), 20, 20, 1);
        Path text = Files.writeString(temp.resolve("x.txt"), "text");
        Files.createDirectories(temp.resolve("empty1"));
        Files.createDirectories(temp.resolve("empty2"));

        assertUsage(Cli.run("diff", image.toString()), "Missing required parameter");
        assertUsage(Cli.run("diff", image.toString(), temp.resolve("none.png").toString()), "no such file or folder");
        assertUsage(Cli.run("diff", temp.toString(), image.toString()), "cannot compare a folder with a file");
        assertUsage(Cli.run("diff", image.toString(), text.toString()), "not an image file");
        assertUsage(Cli.run("diff", "--format=xml", image.toString(), image.toString()), "expected table or csv");
        assertUsage(Cli.run("diff", temp.resolve("empty1").toString(), temp.resolve("empty2").toString()),
                "no images found");
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
