package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;
import dev.loomy.testing.EncodedImages;

class ImageHeaderTest {

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jpg", "png", "bmp", "tiff", "webp"})
    void readsTheSizeOfEveryFormatFromItsHeader(String extension) throws Exception {
        OpenCv.load();
        byte[] bytes = EncodedImages.encode(extension);
        Path file = write("image." + extension, bytes);

        assertThat(ImageHeader.probe(file)).isEqualTo(new ImageHeader(bytes.length, 97, 61));
    }

    @Test
    void readsAProgressiveJpeg() throws Exception {
        OpenCv.load();
        byte[] bytes = EncodedImages.encode("jpg", new MatOfInt(Imgcodecs.IMWRITE_JPEG_PROGRESSIVE, 1));

        assertThat(ImageHeader.probe(write("image.jpg", bytes)).dimensions()).isEqualTo("97x61");
    }

    /** OpenCV writes lossy WebP (VP8) below quality 100, lossless (VP8L) above, extended (VP8X) for lossy with alpha. */
    @ParameterizedTest
    @CsvSource({"3, 80, 'VP8 '", "3, 101, VP8L", "4, 80, VP8X"})
    void readsEveryKindOfWebp(int channels, int quality, String kind) throws Exception {
        OpenCv.load();
        Mat image = new Mat(61, 97, CvType.makeType(CvType.CV_8U, channels), new Scalar(10, 200, 30, 128));
        MatOfByte encoded = new MatOfByte();
        Imgcodecs.imencode(".webp", image, encoded, new MatOfInt(Imgcodecs.IMWRITE_WEBP_QUALITY, quality));
        byte[] bytes = encoded.toArray();
        image.release();
        encoded.release();

        assertThat(new String(bytes, 12, 4, StandardCharsets.ISO_8859_1)).isEqualTo(kind);
        assertThat(ImageHeader.probe(write("image.webp", bytes)).dimensions()).isEqualTo("97x61");
    }

    @Test
    void aFileWithoutAReadableHeaderGetsItsLengthAndAGuess() throws Exception {
        OpenCv.load();
        Path cut = write("cut.jpg", Arrays.copyOf(EncodedImages.encode("jpg"), 10));
        Path text = write("text.png", "not an image at all, but longer than thirty bytes".getBytes());

        assertThat(ImageHeader.probe(cut)).isEqualTo(new ImageHeader(10, 0, 0));
        assertThat(ImageHeader.probe(text).sizeKnown()).isFalse();
        assertThat(ImageHeader.probe(text).pixels()).isEqualTo(text.toFile().length() * ImageHeader.PIXELS_PER_BYTE_GUESS);
        assertThat(ImageHeader.probe(dir.resolve("missing.png"))).isEqualTo(new ImageHeader(0, 0, 0));
    }

    /** libjpeg skips stray bytes before a marker and decodes the frame after them: the probe must see that frame. */
    @ParameterizedTest
    @ValueSource(ints = {1, 600})
    void findsTheFrameBehindStrayBytes(int stray) throws Exception {
        OpenCv.load();
        byte[] jpeg = EncodedImages.encode("jpg");
        int sof = 2;
        while (!((jpeg[sof] & 0xFF) == 0xFF && (jpeg[sof + 1] & 0xFF) == 0xC0)) {
            sof += 2 + ((jpeg[sof + 2] & 0xFF) << 8 | (jpeg[sof + 3] & 0xFF));
        }
        byte[] bytes = new byte[jpeg.length + stray];
        System.arraycopy(jpeg, 0, bytes, 0, sof);
        Arrays.fill(bytes, sof, sof + stray, (byte) 0x17);
        System.arraycopy(jpeg, sof, bytes, sof + stray, jpeg.length - sof);
        Path file = write("stray.jpg", bytes);
        Mat decoded = Imgcodecs.imread(file.toString());

        assertThat(decoded.cols() + "x" + decoded.rows()).isEqualTo("97x61");
        assertThat(ImageHeader.probe(file).dimensions()).isEqualTo("97x61");
        decoded.release();
    }
}
