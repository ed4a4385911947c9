package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;

/**
 * The article's failure, on a small scale: one platform thread per image for a few hundred
 * images, in a JVM with a small heap. With images in flight limited, it finishes.
 */
class ManyThreadsTest {

    private static final int IMAGES = 300;

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void threadsOverAFewHundredImagesFinishInASmallHeapWithALimitInFlight() throws Exception {
        Path input = dir.resolve("in");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("img%03d.%s", i, i % 3 == 0 ? "png" : "jpg")), 96, 64, i);
        }
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of("-Xmx48m"), "--strategy=threads", "--filter=NoOp",
                "--max-in-flight=4", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        assertThat(loomy.stderr()).contains("loomy: at most 4 images in flight (--max-in-flight=4)");
        assertThat(loomy.stdout()).contains(",ok");
        try (Stream<Path> written = Files.walk(out)) {
            assertThat(written.filter(Files::isRegularFile).count()).isEqualTo(IMAGES);
        }
    }
}
