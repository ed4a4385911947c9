package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** Nothing lost: inputs untouched, outputs never clash, an existing output is replaced whole. */
class OutputSafetyTest {

    @TempDir
    Path dir;

    private static List<Path> files(Path folder) throws Exception {
        if (!Files.exists(folder)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void twoInputsThatWouldBeWrittenToOneOutputAreRefusedBeforeAnyWork() throws Exception {
        TestImages.write(dir.resolve("one/photo.png"), 20, 20, 1);
        TestImages.write(dir.resolve("two/photo.png"), 20, 20, 2);
        Path out = dir.resolve("out");

        Cli cli = Cli.run("-o", out.toString(), dir.resolve("one").toString(), dir.resolve("two").toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).singleElement().asString()
                .contains("one/photo.png and ").contains("two/photo.png would both be written as photo.png");
        assertThat(out).doesNotExist();
    }

    @Test
    void aNewImageFormatCanMakeTwoNamesClash() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("shot.jpg"), 20, 20, 1);
        TestImages.write(in.resolve("shot.png"), 20, 20, 2);

        Cli cli = Cli.run("--image-format=png", "-o", dir.resolve("out").toString(), in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("would both be written as shot.png");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void everyClashIsNamedOnALineOfItsOwn() throws Exception {
        Path in = dir.resolve("in");
        for (String name : List.of("one", "two")) {
            TestImages.write(dir.resolve("a").resolve(name + ".png"), 20, 20, 1);
            TestImages.write(dir.resolve("b").resolve(name + ".png"), 20, 20, 2);
        }
        TestImages.write(in.resolve("gray.jpg"), 20, 20, 1);
        TestImages.write(in.resolve("gray.png"), 20, 20, 2);
        TestImages.write(in.resolve("shot.jpg"), 20, 20, 1);
        TestImages.write(in.resolve("shot.png"), 20, 20, 2);

        Cli folders = Cli.run("-o", dir.resolve("out").toString(), dir.resolve("a").toString(), dir.resolve("b").toString());
        Cli formats = Cli.run("--image-format=png", "-o", dir.resolve("out").toString(), in.toString());

        assertThat(folders.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(folders.err().lines().toList()).satisfiesExactly(
                line -> assertThat(line).startsWith("loomy: ").contains("a/one.png and ")
                        .endsWith("b/one.png would both be written as one.png: rename one, or run them separately"),
                line -> assertThat(line).startsWith("loomy: ").contains("a/two.png and ")
                        .endsWith("b/two.png would both be written as two.png: rename one, or run them separately"));
        assertThat(formats.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(formats.err().lines().toList()).satisfiesExactly(
                line -> assertThat(line).startsWith("loomy: ").contains("would both be written as gray.png"),
                line -> assertThat(line).startsWith("loomy: ").contains("would both be written as shot.png"));
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void manyClashesAreListedUpToALimitAndTheRestCounted() throws Exception {
        int listed = 20;
        int clashes = listed + 5;
        for (int i = 0; i < clashes; i++) {
            TestImages.write(dir.resolve("a").resolve("p" + i + ".png"), 8, 8, i);
            TestImages.write(dir.resolve("b").resolve("p" + i + ".png"), 8, 8, i);
        }

        Cli cli = Cli.run("-o", dir.resolve("out").toString(), dir.resolve("a").toString(), dir.resolve("b").toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        List<String> lines = cli.err().lines().toList();
        assertThat(lines).hasSize(listed + 1);
        assertThat(lines.subList(0, listed)).allSatisfy(line -> assertThat(line).contains("would both be written as"));
        assertThat(lines.getLast()).isEqualTo("loomy: and 5 more name clashes");
    }

    @Test
    void anExistingOutputIsReplacedWholeAndTheInputsAreNeverWritten() throws Exception {
        Path in = dir.resolve("in");
        Path a = TestImages.write(in.resolve("a.png"), 30, 20, 1);
        Path b = TestImages.write(in.resolve("b.jpg"), 30, 20, 2);
        Map<Path, byte[]> before = new HashMap<>();
        Map<Path, FileTime> modified = new HashMap<>();
        for (Path input : List.of(a, b)) {
            before.put(input, Files.readAllBytes(input));
            modified.put(input, Files.getLastModifiedTime(input));
        }
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("a.png"), "an older result, not even an image");

        Cli cli = Cli.run("-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(files(out)).containsExactly(out.resolve("a.png"), out.resolve("b.jpg"));
        Mat replaced = Imgcodecs.imread(out.resolve("a.png").toString());
        assertThat(replaced.size()).isEqualTo(new org.opencv.core.Size(30, 20));
        replaced.release();
        for (Path input : List.of(a, b)) {
            assertThat(Files.readAllBytes(input)).isEqualTo(before.get(input));
            assertThat(Files.getLastModifiedTime(input)).isEqualTo(modified.get(input));
        }
    }

    @Slow
    @Test
    void aRunThatWritesNoImageLeavesNoFolderItMade() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        Files.writeString(in.resolve("notes.jpg"), "not a photo");
        Path out = dir.resolve("new/out");

        Cli cli = Cli.run("--strategy=loop,virtual", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(dir.resolve("new")).doesNotExist();
        assertThat(in.resolve("notes.jpg")).hasContent("not a photo");
    }

    @Test
    void anOutputFolderThatWasThereStaysAndSoDoesOneWithAReport() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        Files.writeString(in.resolve("notes.jpg"), "not a photo");
        Path there = Files.createDirectories(dir.resolve("there"));
        Path made = dir.resolve("made");

        Cli kept = Cli.run("-o", there.toString(), in.toString());
        Cli reported = Cli.run("-o", made.toString(), "--report=" + made.resolve("report.csv"), in.toString());

        assertThat(kept.status()).as(kept.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(there).isEmptyDirectory();
        assertThat(reported.status()).as(reported.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(files(made)).containsExactly(made.resolve("report.csv"));
    }
}
