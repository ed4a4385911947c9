package dev.loomy.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.loomy.testing.Folders.filesUnder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;

/** A job's path for one image: read, filter, write, and nothing left behind when a step fails. */
class ImagePipelineTest {

    @TempDir
    Path dir;

    private final OneWriter temps = OneWriter.noInputs();

    private ImagePaths task(Path input, Path output) {
        return new ImagePaths(new ImageFile(input, input.getFileName()), output);
    }

    private static Filter failing() {
        return new Filter() {
            public String name() {
                return "Failing";
            }

            public String kind() {
                return "Failing";
            }

            public Mat apply(Mat image) {
                throw new IllegalStateException("boom\nsecond line");
            }

            public Map<String, Number> parameters() {
                return Map.of();
            }
        };
    }

    @Test
    void writesTheFilteredImageAndLeavesNoTemporaryFile() throws Exception {
        Path input = TestImages.write(dir.resolve("in/a.png"), 40, 30, 1);
        Path output = dir.resolve("out/deep/a.png");

        new ImagePipeline(new ImageReader(), new NoOp(), new ImageWriter(temps)).process(task(input, output));

        Mat written = Imgcodecs.imread(output.toString());
        Mat original = Imgcodecs.imread(input.toString());
        assertThat(written.size()).isEqualTo(original.size());
        Mat diff = new Mat();
        Core.absdiff(written, original, diff);
        assertThat(Core.sumElems(diff).val).containsOnly(0.0);
        assertThat(filesUnder(dir.resolve("out"))).isEqualTo(1);
        assertThat(temps.count()).isZero();
    }

    @Test
    void leavesNoFileAtAllWhenTheFilterFails() throws Exception {
        Path input = TestImages.write(dir.resolve("in/a.png"), 40, 30, 1);
        Path output = dir.resolve("out/a.png");
        byte[] before = Files.readAllBytes(input);

        assertThatThrownBy(() -> new ImagePipeline(new ImageReader(), failing(), new ImageWriter(temps)).process(task(input, output)))
                .isInstanceOf(ImageException.class)
                .hasMessageContaining("a.png").hasMessageContaining("Failing failed: boom second line");

        assertThat(output).doesNotExist();
        assertThat(dir.resolve("out")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyDirectory());
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
    }
}
