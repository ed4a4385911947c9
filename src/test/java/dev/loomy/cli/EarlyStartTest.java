package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/**
 * The thread that prepares a run at start ({@link EarlyStart}) says nothing of its own: what it
 * meets is said once, where the run needs it. Here libturbojpeg cannot be loaded, which the
 * preparing thread finds first.
 */
@Slow
class EarlyStartTest {

    private static final String MISSING_CODEC = "libturbojpeg cannot be loaded";

    @TempDir
    Path dir;

    /** loomy's Main in a JVM of its own (the preparing thread starts in main alone): what it wrote on stderr. */
    private String stderrOf(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dloomy.turbojpeg=" + dir.resolve("no-such-libturbojpeg.so"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path err = dir.resolve("stderr.txt");
        Process child = new ProcessBuilder(command).redirectError(err.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child ended").isTrue();
        return Files.readString(err);
    }

    @Test
    void aCommandThatReadsNoJpegSaysNothingOfTheCodecThePreparingThreadCouldNotLoad() throws Exception {
        Path images = Files.createDirectories(dir.resolve("in"));
        TestImages.write(images.resolve("a.png"), 40, 30, 1);

        // Long enough for the preparing thread to have met the missing library before the run ends.
        String err = stderrOf("--filter=NoOp", "--repeat=3", "--no-write", images.toString());

        assertThat(err).doesNotContain(MISSING_CODEC);
    }

    @Test
    void aJobOfJpegsSaysTheMissingCodecOnce() throws Exception {
        Path images = Files.createDirectories(dir.resolve("in"));
        for (int i = 0; i < 3; i++) {
            TestImages.write(images.resolve("p" + i + ".jpg"), 40, 30, i);
        }

        String err = stderrOf("--filter=NoOp", "--no-write", images.toString());

        assertThat(err.lines().filter(line -> line.contains(MISSING_CODEC))).hasSize(1);
    }
}
