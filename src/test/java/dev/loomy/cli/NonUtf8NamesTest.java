package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/**
 * Names that are not UTF-8 are the bytes they are: {@code caf\xE9.png} and {@code caf\xE8.png}
 * read the same as text, yet are two files, two outputs, two pairs; shown escaped.
 */
@Slow
class NonUtf8NamesTest {

    @TempDir
    Path dir;

    /** Copies {@code from} to {@code folder/caf<byte>.png}: Java cannot spell such a name, the shell can. */
    private static void copyAs(Path from, Path folder, String hexByte) throws Exception {
        Files.createDirectories(folder);
        Process bash = new ProcessBuilder("bash", "-c", "cp \"$0\" \"$1\"/$'caf\\x" + hexByte + ".png'",
                from.toString(), folder.toString()).inheritIO().start();
        assertThat(bash.waitFor()).isZero();
    }

    private static int[] pixels(Path png) throws Exception {
        try (InputStream in = Files.newInputStream(png)) {
            BufferedImage image = ImageIO.read(in);
            return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        }
    }

    @Test
    void diffComparesTwoNamesThatReadAlikeAsTwoPairs() throws Exception {
        Path one = TestImages.write(dir.resolve("src/one.png"), 16, 12, 1);
        Path two = TestImages.write(dir.resolve("src/two.png"), 16, 12, 2);
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        copyAs(one, a, "e9");
        copyAs(two, a, "e8");
        copyAs(one, b, "e9");
        copyAs(one, b, "e8");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "diff", a.toString(), b.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.stdout()).as(loomy.stderr()).contains("compared 2: 1 identical, 1 different")
                .contains("caf\\xE8.png").doesNotContain("\uFFFD");
        assertThat(loomy.process().exitValue()).isEqualTo(1);
    }

    @Test
    void theMainCommandWritesEachUnderItsOwnBytes() throws Exception {
        Path in = dir.resolve("in");
        copyAs(TestImages.write(dir.resolve("src/one.png"), 16, 12, 1), in, "e9");
        copyAs(TestImages.write(dir.resolve("src/two.png"), 16, 12, 2), in, "e8");
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork", "-o",
                out.toString(), in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        try (Stream<Path> outputs = Files.list(out)) {
            List<Path> written = outputs.toList();
            assertThat(written).hasSize(2);
            for (Path output : written) {
                // Each output's pixels are its own input's (NoOp, PNG: lossless): the names were not merged on the way.
                assertThat(pixels(output)).isEqualTo(pixels(in.resolve(output.getFileName())));
            }
        }
    }
}
