package dev.loomy.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

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
import dev.loomy.imageio.TemporaryNamesTest;

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

    private long filesUnder(Path folder) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).count();
        }
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

    @Test
    void temporaryNamesAreHiddenAndBesideTheTarget() {
        // Beside: the rename stays within one file system, so it is atomic. Hidden: a walk never takes one.
        Path output = dir.resolve("sub/a.png");
        Path temp = temps.beside(output);

        assertThat(temp.getParent()).isEqualTo(output.getParent());
        assertThat(temp.getFileName().toString()).startsWith(".a.png." + OneWriter.RUN + "-").endsWith(".loomy-tmp");
        assertThat(temps.beside(output)).isNotEqualTo(temp);
        temps.done(temp);
    }

    @Test
    void readingNamesTheReasonForEmptyAndUndecodableFiles() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jpg"));
        Path text = Files.writeString(dir.resolve("text.png"), "this is not a PNG");

        assertThatThrownBy(() -> new ImageReader().read(empty)).isInstanceOf(ImageException.class)
                .hasMessageContaining("empty.jpg").hasMessageContaining("empty file");
        assertThatThrownBy(() -> new ImageReader().read(text)).isInstanceOf(ImageException.class)
                .hasMessageContaining("text.png").hasMessageContaining("not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        assertThatThrownBy(() -> new ImageReader().read(dir.resolve("gone.png"))).isInstanceOf(ImageException.class)
                .hasMessageContaining("no longer exists");
    }

    @Test
    void deleteAllRemovesTemporaryFilesStillOpen() throws Exception {
        Path temp = temps.beside(dir.resolve("x.png"));
        Files.writeString(temp, "partial");

        assertThat(temps.deleteAll()).isEqualTo(1);
        assertThat(temp).doesNotExist();
        assertThat(temps.count()).isZero();
    }

    @Test
    void aSweepDeletesTheTemporaryFilesAKilledProcessLeftAndNothingElse() throws Exception {
        Path left = TemporaryNamesTest.ownedBy(TemporaryNamesTest.deadPid(), dir.resolve("out/deep/a.png"));
        Files.createDirectories(left.getParent());
        Files.writeString(left, "half an image");
        Path image = Files.writeString(dir.resolve("out/deep/a.png"), "an image");
        Path hidden = Files.writeString(dir.resolve("out/.notes"), "the user's own");
        Path named = Files.writeString(dir.resolve("out/b.loomy-tmp"), "not hidden: not loomy's");
        // Another loomy, writing into the same folder now: its files are its own.
        Path other = Files.writeString(dir.resolve("out/deep/.b.png.1-5eed.loomy-tmp"), "another run's image");

        assertThat(OneWriter.sweep(dir.resolve("out"))).isEqualTo(1);

        assertThat(left).doesNotExist();
        assertThat(image).exists();
        assertThat(hidden).exists();
        assertThat(named).exists();
        assertThat(other).exists();
        assertThat(OneWriter.sweep(dir.resolve("missing"))).isZero();
    }
}
