package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.admission.ImageCost;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageHeader;

/** spark.executor.memoryOverhead from the local engine's own per-image estimates. */
class ExecutorMemoryTest {

    @TempDir
    Path dir;

    @Test
    void sparksOwnOverheadGrowsByEveryImageInFlightOnTheExecutor() {
        long image = 30L << 20;

        assertThat(ExecutorMemory.of(1024, 1, 4, image, "Cartoon2").overheadMib()).isEqualTo(384 + 4 * 30);
        assertThat(ExecutorMemory.of(8192, 4, 4, image, "Cartoon2").overheadMib()).isEqualTo(819 + 16 * 30);
        assertThat(ExecutorMemory.of(1024, 2, 3, image, "Cartoon2").why())
                .isEqualTo("Spark's 384 MiB + 2 task slots x 3 images in flight x ~30.0 MiB per Cartoon2 image");
    }

    @Test
    void imagesInFlightPerTaskFollowMaxInFlight() {
        assertThat(ExecutorMemory.inFlightPerTask(new InFlightLimit.Images(3), 2, 200)).isEqualTo(3);
        assertThat(ExecutorMemory.inFlightPerTask(InFlightLimit.Named.AUTO, 2, 200)).isEqualTo(2 * InFlightLimit.PER_CORE);
        assertThat(ExecutorMemory.inFlightPerTask(InFlightLimit.Named.AUTO, 8, 5)).isEqualTo(5);
        assertThat(ExecutorMemory.inFlightPerTask(InFlightLimit.Named.UNBOUNDED, 2, 200)).isEqualTo(200);
    }

    @Test
    void oneImagesNativeMemoryIsAdmissionsEstimateForTheHeaviestFilter() {
        Path small = TestImages.write(dir.resolve("small.png"), 64, 48, 1);
        Path large = TestImages.write(dir.resolve("large.png"), 640, 480, 2);
        List<ImageFile> images = List.of(new ImageFile(small, small.getFileName()),
                new ImageFile(large, large.getFileName()));

        long bytes = ExecutorMemory.perImageBytes(images.iterator(), images.size(), List.of(new NoOp(), new Cartoon2()), new HadoopFiles(Map.of()));

        assertThat(bytes).isEqualTo(ImageCost.of(ImageHeader.probe(large), new Cartoon2()).nativeBytes())
                .isGreaterThan(ImageCost.of(ImageHeader.probe(large), new NoOp()).nativeBytes());
    }
}
