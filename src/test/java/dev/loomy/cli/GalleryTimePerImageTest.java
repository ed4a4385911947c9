package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.testing.Galleries;

/**
 * The gallery's time per image is one image's service time, which does not grow with the images
 * queued before it. Checked against bounds that no machine load moves: the pool has a thread per
 * core, so its images' service times add up to at most the cores times the command's wall time.
 */
class GalleryTimePerImageTest {

    private static final int IMAGES = 40;

    @TempDir
    Path dir;

    @Slow
    @Test
    void theHeadIsTheMedianOfTheImagesServiceTimesNotOfTheirWaits() throws Exception {
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(dir.resolve("in/" + i + ".png"), 160, 120, i);
        }
        Path out = dir.resolve("gallery");

        long start = System.nanoTime();
        Cli cli = Cli.run("gallery", "-q", "-f", "Cartoon2", "-o", out.toString(), dir.resolve("in").toString());
        double wallMs = (System.nanoTime() - start) / 1e6;

        assertThat(cli.status()).as(cli.err()).isZero();
        String html = Files.readString(out.resolve("index.html"));
        double head = millis(Galleries.groups(html, "<span class=\"time\">([^<]*) / image</span>").get(0));
        List<Double> images = Galleries.groups(html, " title=\"([^\"]*) to read, filter and write\"").stream()
                .map(GalleryTimePerImageTest::millis).sorted().toList();
        int threads = Runtime.getRuntime().availableProcessors();
        assertThat(images).hasSize(IMAGES);
        assertThat(head).isCloseTo((images.get(IMAGES / 2 - 1) + images.get(IMAGES / 2)) / 2, within(1.0));
        // At most a thread per core worked at any instant, each on one image.
        double sum = images.stream().mapToDouble(Double::doubleValue).sum();
        assertThat(sum).isLessThanOrEqualTo(threads * wallMs + IMAGES);
        // Half the images took at least the median: the median is at most twice the mean.
        assertThat(head).isLessThanOrEqualTo(2 * threads * wallMs / IMAGES + 1);
    }

    /** {@code "8.5 ms"} as 8.5. */
    private static double millis(String text) {
        assertThat(text).endsWith(" ms");
        return Double.parseDouble(text.substring(0, text.length() - " ms".length()));
    }
}
