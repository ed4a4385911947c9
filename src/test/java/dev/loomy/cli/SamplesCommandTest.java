package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;
import dev.loomy.samples.ImageSize;
import dev.loomy.samples.SampleGenerator;

class SamplesCommandTest {

    @TempDir
    Path temp;

    @Test
    void theSameArgumentsWriteTheSameBytes() throws IOException {
        Path first = temp.resolve("first");
        Path second = temp.resolve("second");
        assertThat(Cli.run("samples", "--count=4", "--seed=7", first.toString()).status()).isZero();
        assertThat(Cli.run("samples", "--count=4", "--seed=7", second.toString()).status()).isZero();

        assertThat(names(first)).isEqualTo(names(second)).hasSize(4);
        assertSameBytes(names(first), first, second);
    }

    @Test
    void anImageIsTheSameWhateverTheCount() throws IOException {
        Path three = temp.resolve("three");
        Path five = temp.resolve("five");
        assertThat(Cli.run("samples", "--count=3", three.toString()).status()).isZero();
        assertThat(Cli.run("samples", "--count=5", five.toString()).status()).isZero();

        assertThat(names(five)).hasSize(5).startsWith(names(three).toArray(String[]::new));
        assertSameBytes(names(three), three, five);
    }

    @Test
    void anotherSeedGivesOtherImages() throws IOException {
        Path one = temp.resolve("one");
        Path two = temp.resolve("two");
        assertThat(Cli.run("samples", "--count=1", "--size=64x64", "--seed=1", one.toString()).status()).isZero();
        assertThat(Cli.run("samples", "--count=1", "--size=64x64", "--seed=2", two.toString()).status()).isZero();
        assertThat(Files.readAllBytes(one.resolve("sample-0001.jpg")))
                .isNotEqualTo(Files.readAllBytes(two.resolve("sample-0001.jpg")));
    }

    @Test
    void writesSortedNamesAMixOfRealJpegAndPngAndTheSummary() throws IOException {
        Path dir = temp.resolve("new/folder");
        Cli cli = Cli.run("samples", "--count=6", dir.toString());

        assertThat(cli.status()).isZero();
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).startsWith("loomy: wrote 6 images (4 JPEG, 2 PNG, ").contains(dir.toString());
        assertThat(names(dir)).containsExactly("sample-0001.jpg", "sample-0002.jpg", "sample-0003.png",
                "sample-0004.jpg", "sample-0005.jpg", "sample-0006.png");
        for (String name : names(dir)) {
            byte[] bytes = Files.readAllBytes(dir.resolve(name));
            if (name.endsWith(".jpg")) {
                assertThat(bytes).as(name).startsWith((byte) 0xFF, (byte) 0xD8, (byte) 0xFF);
            } else {
                assertThat(bytes).as(name).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
            }
            ImageSize size = decodedSize(dir.resolve(name));
            assertThat(SampleGenerator.PHOTO_SIZES).as(name).contains(size);
        }
    }

    @Test
    void everyImageHasTheSizeAsked() throws IOException {
        Path dir = temp.resolve("sized");
        assertThat(Cli.run("samples", "--count=3", "--size=300x200", "--quiet", dir.toString()).status()).isZero();
        for (String name : names(dir)) {
            assertThat(decodedSize(dir.resolve(name))).as(name).isEqualTo(new ImageSize(300, 200));
        }
    }

    @Test
    void jpegsAreAsLargeAsPhotosOfTheirSize() throws IOException {
        // A flat image would compress to a few kilobytes and make encoding look cheap.
        Path dir = temp.resolve("photo");
        assertThat(Cli.run("samples", "--count=2", "--size=1024x768", "--quiet", dir.toString()).status()).isZero();
        for (String name : names(dir)) {
            assertThat(Files.size(dir.resolve(name))).as(name).isBetween(80_000L, 450_000L);
        }
    }

    @Test
    void quietPrintsNothingAndNoTemporaryFileRemains() throws IOException {
        Path dir = temp.resolve("quiet");
        Cli cli = Cli.run("samples", "-q", "-n", "2", dir.toString());

        assertThat(cli.status()).isZero();
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("sample-0001.jpg", "sample-0002.jpg");
        }
    }

    @Test
    void aMissingFolderIsAUsageErrorThatPointsToTheSamplesFolder() {
        Cli cli = Cli.run("samples");

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("missing DIR").contains("./samples").hasLineCount(1);
    }

    @Test
    void theHelpShowsTheFolderAsRequired() {
        Cli cli = Cli.run("samples", "--help");

        assertThat(cli.status()).isZero();
        assertThat(cli.out().lines().findFirst()).hasValueSatisfying(usage -> assertThat(usage)
                .startsWith("Usage: loomy samples ").endsWith(" DIR").doesNotContain("[DIR]"));
    }

    @Test
    void badCountsAndSizesAreUsageErrors() {
        Path dir = temp.resolve("never");
        for (String[] args : List.of(new String[] {"--count=0"}, new String[] {"--count=-3"}, new String[] {"--count=x"},
                new String[] {"--size=15x100"}, new String[] {"--size=100x20001"}, new String[] {"--size=big"})) {
            String[] full = Stream.concat(Stream.of("samples"), Stream.concat(Stream.of(args), Stream.of(dir.toString())))
                    .toArray(String[]::new);
            Cli cli = Cli.run(full);
            assertThat(cli.status()).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
            assertThat(cli.err()).as(String.join(" ", args)).startsWith("loomy: ").hasLineCount(1);
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    @Timeout(30)
    void aSizeLoomyWouldRefuseToReadIsRefusedBeforeAnyImageIsPainted() {
        Path dir = temp.resolve("never");
        // 2^28 pixels is the most loomy decodes; each of these is just over it, or far.
        for (String size : List.of("20000x20000", "16385x16385", "20000x13422")) {
            Cli cli = Cli.run("samples", "--count=1", "--size=" + size, dir.toString());

            assertThat(cli.status()).as(size + ": " + cli.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(cli.err().lines().toList()).as(size).singleElement().asString()
                    .startsWith("loomy: --size=" + size + ": ").contains("more than the limit of 268435456");
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void aFileInPlaceOfTheFolderIsAUsageError() throws IOException {
        Path file = Files.writeString(temp.resolve("file.txt"), "not a folder");
        Cli cli = Cli.run("samples", file.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains(file.toString()).contains("not a folder");
    }

    @Test
    void aFolderAtAnImagesNameIsRefusedBeforeAnyImageNamingIt() throws IOException {
        Path dir = temp.resolve("blocked");
        // A folder where the second image should go: no sample replaces it, and none is painted.
        Files.createDirectories(dir.resolve("sample-0002.jpg/inside"));
        Cli cli = Cli.run("samples", "--count=3", dir.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).startsWith("loomy: " + dir.resolve("sample-0002.jpg") + ": it is a folder").hasLineCount(1);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("sample-0002.jpg");
        }
    }

    private static void assertSameBytes(List<String> names, Path first, Path second) {
        for (String name : names) {
            assertThat(first.resolve(name)).as(name).hasSameBinaryContentAs(second.resolve(name));
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static ImageSize decodedSize(Path file) {
        OpenCv.load();
        Mat image = Imgcodecs.imread(file.toString());
        try {
            assertThat(image.empty()).as(file + " decodes").isFalse();
            return new ImageSize(image.cols(), image.rows());
        } finally {
            image.release();
        }
    }
}
