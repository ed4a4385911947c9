package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;
import dev.loomy.samples.SampleGenerator;

/** JPEGs read and written through the codec loomy chose (libturbojpeg in the default test run). */
class JpegReadingTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void load() {
        OpenCv.load();
        assertThat(JpegCodec.name()).as("the codec chosen (apt-get install libturbojpeg0)").isEqualTo("libturbojpeg");
    }

    private static byte[] photo() {
        Mat image = new SampleGenerator(7, new dev.loomy.samples.ImageSize(640, 480)).paint(1);
        MatOfByte bytes = new MatOfByte();
        Imgcodecs.imencode(".jpg", image, bytes);
        return bytes.toArray();
    }

    /** {@code jpeg} with bytes in the middle of its scan changed, never into a marker. */
    static byte[] corrupted(byte[] jpeg) {
        byte[] bytes = jpeg.clone();
        int sos = 2;
        while (!(bytes[sos] == (byte) 0xFF && bytes[sos + 1] == (byte) 0xDA)) {
            sos++;
        }
        int middle = sos + (bytes.length - sos) / 2;
        for (int i = middle; i < middle + 64; i++) {
            if (bytes[i] != (byte) 0xFF && bytes[i - 1] != (byte) 0xFF) {
                bytes[i] = (byte) (bytes[i] == 0x13 ? 0x31 : 0x13);
            }
        }
        return bytes;
    }

    @Test
    void corruptScanDataIsDecodedWithOneWarningAndStrictFailsIt() throws Exception {
        Path file = Files.write(dir.resolve("corrupt.jpg"), corrupted(photo()));
        List<String> warnings = new ArrayList<>();
        Mat image = new ImageReader(java.time.Duration.ZERO, false).read(file, warnings::add);
        assertThat(image.size()).isEqualTo(new org.opencv.core.Size(640, 480));
        TurboJpegTest.assertIdentical(image, Imgcodecs.imread(file.toString()));
        assertThat(warnings).singleElement().asString().startsWith("Corrupt JPEG data").endsWith("; decoded all the same");
        assertThatThrownBy(() -> new ImageReader(java.time.Duration.ZERO, true).read(file))
                .isInstanceOf(ImageException.class).hasMessageContaining("Corrupt JPEG data");
    }
}
