package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;

/**
 * A folder holding every kind of bad input beside good images with awkward names and pixel
 * types, run through the command: each bad or damaged file gets exactly one line, every good
 * or damaged but decodable one is written, the exit status is 1.
 */
@Slow
class BadInputTest {

    @TempDir
    Path dir;

    Path input;

    /** Bad file name to the reason its line must give. */
    final Map<String, String> bad = new LinkedHashMap<>();

    /** Damaged but decodable file name to the warning its line must give. */
    final Map<String, String> damaged = new LinkedHashMap<>();

    final List<String> good = List.of("with space.jpg", "ünïcødé ñame.png", "UPPER.JPG", "alpha.png", "gray.png",
            "deep16.png", "sub folder/nested.bmp", "album.jpg/inside.webp", "a png named.jpg");

    @BeforeEach
    void folder() throws Exception {
        OpenCv.load();
        input = dir.resolve("in");
        TestImages.write(input.resolve("with space.jpg"), 40, 30, 1);
        TestImages.write(input.resolve("ünïcødé ñame.png"), 41, 31, 2);
        TestImages.write(input.resolve("UPPER.JPG"), 42, 32, 3);
        write("alpha.png", new Mat(20, 30, CvType.CV_8UC4, new Scalar(10, 20, 30, 100)));
        write("gray.png", new Mat(20, 30, CvType.CV_8UC1, new Scalar(90)));
        write("deep16.png", new Mat(20, 30, CvType.CV_16UC3, new Scalar(1000, 20000, 65000)));
        TestImages.write(input.resolve("sub folder/nested.bmp"), 25, 25, 4);
        TestImages.write(input.resolve("album.jpg/inside.webp"), 26, 26, 5);
        Files.copy(TestImages.write(dir.resolve("real.png"), 27, 27, 6), input.resolve("a png named.jpg"));

        Files.createFile(input.resolve("empty.jpg"));
        bad.put("empty.jpg", "empty file (0 bytes)");
        Files.writeString(input.resolve("notes.png"), "shopping list: bread, milk");
        bad.put("notes.png", "not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        byte[] random = new byte[10_000];
        new Random(9).nextBytes(random);
        random[0] = 0;
        Files.write(input.resolve("random.jpg"), random);
        bad.put("random.jpg", "not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        byte[] jpeg = Files.readAllBytes(TestImages.write(dir.resolve("whole.jpg"), 200, 150, 7));
        Files.write(input.resolve("cut.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));
        damaged.put("cut.jpg", "warning: truncated: the JPEG data ends without its end-of-image marker");
        byte[] png = Files.readAllBytes(TestImages.write(dir.resolve("whole.png"), 200, 150, 8));
        Files.write(input.resolve("cut.png"), Arrays.copyOf(png, png.length / 2));
        bad.put("cut.png", "truncated: the PNG data ends before its IEND chunk");
        new ProcessBuilder("mkfifo", input.resolve("pipe.jpg").toString()).inheritIO().start().waitFor();
        bad.put("pipe.jpg", "not a regular file (a named pipe, socket or device): not read");
        Files.createSymbolicLink(input.resolve("mem.jpg"), Path.of("/proc/self/mem"));
        bad.put("mem.jpg", "cannot be read: Input/output error");
        Files.createSymbolicLink(input.resolve("broken.png"), input.resolve("missing.png"));
        bad.put("broken.png", "a broken symbolic link (its target does not exist)");
        Files.createSymbolicLink(input.resolve("loop1.jpg"), input.resolve("loop2.jpg"));
        Files.createSymbolicLink(input.resolve("loop2.jpg"), input.resolve("loop1.jpg"));
        bad.put("loop1.jpg", "a symbolic link loop");
        bad.put("loop2.jpg", "a symbolic link loop");
        // A link from a subfolder back to the top: walked once, reported once, not an image.
        Files.createSymbolicLink(input.resolve("sub folder/back"), input);
    }

    @AfterEach
    void unlinkProc() throws Exception {
        // JUnit would warn about deleting a link that leads out of the temporary folder.
        Files.deleteIfExists(input.resolve("mem.jpg"));
    }

    private void write(String name, Mat image) {
        assertThat(Imgcodecs.imwrite(input.resolve(name).toString(), image)).isTrue();
        image.release();
    }

    @Test
    @Timeout(30)
    void eachBadFileGetsOneLineEveryGoodOneIsWrittenAndTheExitIsOne() throws Exception {
        Path out = dir.resolve("out");

        Cli cli = Cli.run("--strategy=loop,threads", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        // Other programs' load, said when the machine is busy, is no line about the inputs.
        List<String> lines = cli.err().lines().filter(l -> !l.startsWith("loomy: warning: contended:")).toList();
        bad.forEach((name, reason) -> assertThat(lines.stream().filter(l -> l.contains(name)).toList())
                .as(name + " in " + cli.err()).singleElement().asString()
                .startsWith("loomy: " + input.resolve(name) + ": " + reason));
        damaged.forEach((name, reason) -> assertThat(lines.stream().filter(l -> l.contains(name)).toList())
                .as(name + " in " + cli.err()).singleElement().asString()
                .startsWith("loomy: " + input.resolve(name) + ": " + reason));
        assertThat(lines.stream().filter(l -> l.contains("sub folder/back")).toList()).singleElement().asString()
                .contains("loops back");
        // Besides those: the limit on images in flight, said once.
        assertThat(lines).hasSize(bad.size() + damaged.size() + 2);
        assertThat(lines).filteredOn(l -> l.contains("images in flight")).hasSize(1);

        List<String> header = List.of(cli.out().lines().findFirst().orElseThrow().split(","));
        cli.out().lines().skip(1).forEach(row -> {
            String[] cells = row.split(",", -1);
            assertThat(cells[header.indexOf("images")]).isEqualTo(Integer.toString(good.size() + damaged.size() + bad.size()));
            assertThat(cells[header.indexOf("failed")]).isEqualTo(Integer.toString(bad.size()));
            assertThat(cells[header.indexOf("warnings")]).isEqualTo(Integer.toString(damaged.size()));
            assertThat(cells[header.indexOf("outcome")]).isEqualTo("failed-images");
        });

        for (String strategy : List.of("loop", "threads")) {
            Path written = out.resolve("NoOp").resolve(strategy);
            try (Stream<Path> files = Files.walk(written)) {
                assertThat(files.filter(Files::isRegularFile).map(f -> written.relativize(f).toString()))
                        .containsExactlyInAnyOrderElementsOf(Stream.concat(good.stream(), damaged.keySet().stream()).toList());
            }
            for (String name : good) {
                Mat image = Imgcodecs.imread(written.resolve(name).toString(), Imgcodecs.IMREAD_UNCHANGED);
                assertThat(image.empty()).as(name).isFalse();
                image.release();
            }
        }
    }

    @Test
    @Timeout(60)
    void aNonAsciiNameIsWrittenEvenWhereTheLocaleSpellsOnlyAscii() throws Exception {
        Path only = dir.resolve("only");
        TestImages.write(only.resolve("ünïcødé.png"), 20, 20, 1);
        Path out = dir.resolve("ascii-out");
        Map<String, String> posix = new HashMap<>();
        posix.put("LANG", null);
        posix.put("LC_CTYPE", null);
        posix.put("LC_ALL", "C");

        LoomyProcess loomy = LoomyProcess.start(dir, posix, List.of(), "--quiet", "-o", out.toString(), only.toString());

        assertThat(loomy.process().waitFor(50, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        assertThat(out.resolve("ünïcødé.png")).isRegularFile();
    }
}
