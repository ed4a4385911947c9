package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.loomy.testing.Folders.filesUnder;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;

/** Writing an image: whole or not at all, never a temporary file left behind. */
class ImageWriterTest {

    @TempDir
    Path dir;

    private final OneWriter temps = OneWriter.noInputs();

    @Test
    void leavesNoFileWhenTheImageCannotBeEncoded() throws Exception {
        Mat image = TestImages.image(8, 8, 2);
        Path target = dir.resolve("out.unknownformat");

        assertThatThrownBy(() -> new ImageWriter(temps).write(image, target))
                .isInstanceOf(ImageException.class).hasMessageContaining("cannot be encoded");

        assertThat(filesUnder(dir)).isZero();
        image.release();
    }

    @Test
    void replacesAnExistingOutputWhole() throws Exception {
        Path output = Files.writeString(dir.resolve("a.png"), "old content that is not an image");
        Mat image = TestImages.image(16, 16, 3);

        new ImageWriter(temps).write(image, output);

        assertThat(Imgcodecs.imread(output.toString()).size()).isEqualTo(image.size());
        assertThat(filesUnder(dir)).isEqualTo(1);
        image.release();
    }

    @Test
    void aWriteThatFailsLeavesNoTemporaryFile() throws Exception {
        // The target's folder is a file: the folder cannot be created, so the write fails.
        Files.writeString(dir.resolve("blocker"), "x");
        Mat image = TestImages.image(8, 8, 4);

        assertThatThrownBy(() -> new ImageWriter(temps).write(image, dir.resolve("blocker/a.png")))
                .isInstanceOf(ImageException.class).hasMessageContaining("cannot be written");

        assertThat(filesUnder(dir)).isEqualTo(1);
        assertThat(temps.count()).isZero();
        image.release();
    }
}
