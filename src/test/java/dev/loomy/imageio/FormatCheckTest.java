package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.loomy.testing.EncodedImages.encode;
import static dev.loomy.testing.EncodedImages.scanData;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;

class FormatCheckTest {

    private static final Path FILE = Path.of("photo.x");

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /** Why {@code bytes} cannot be decoded, or null when they can (whole or damaged). */
    private static String problem(byte[] bytes) {
        try {
            FormatCheck.check(FILE, bytes);
            return null;
        } catch (ImageException e) {
            return e.reason();
        }
    }

    /** What is wrong with {@code bytes} that decode all the same, or null when they are whole. */
    private static String damage(byte[] bytes) throws ImageException {
        return FormatCheck.check(FILE, bytes).damage();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jpg", "png", "bmp", "tiff", "webp"})
    void acceptsEveryWholeImageOpenCvWrites(String extension) {
        assertThat(problem(encode(extension))).isNull();
    }

    @Test
    void acceptsProgressiveAndRestartMarkedJpegsAndDataAfterTheEnd() {
        assertThat(problem(encode("jpg", new MatOfInt(Imgcodecs.IMWRITE_JPEG_PROGRESSIVE, 1)))).isNull();
        assertThat(problem(encode("jpg", new MatOfInt(Imgcodecs.IMWRITE_JPEG_RST_INTERVAL, 2)))).isNull();
        byte[] jpeg = encode("jpg");
        byte[] padded = Arrays.copyOf(jpeg, jpeg.length + 100);
        assertThat(problem(padded)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "bmp", "webp"})
    void findsEveryCut(String extension) {
        byte[] whole = encode(extension);
        String format = FormatCheckTest.formatOf(extension);
        // From just past the signature to one byte short: every cut is found, none is decoded.
        for (int length : new int[] {20, whole.length / 3, whole.length / 2, whole.length - 2, whole.length - 1}) {
            assertThat(problem(Arrays.copyOf(whole, length))).as(extension + " cut to " + length)
                    .startsWith("truncated: ").contains(format);
        }
    }

    @Test
    void aJpegCutAfterItsImageDataBeganIsDamagedButDecodable() throws Exception {
        byte[] whole = encode("jpg");
        assertThat(damage(whole)).isNull();
        int scan = scanData(whole);
        for (int length : new int[] {scan + 1, (scan + whole.length) / 2, whole.length - 2, whole.length - 1}) {
            assertThat(damage(Arrays.copyOf(whole, length))).as("cut to " + length)
                    .isEqualTo("truncated: the JPEG data ends without its end-of-image marker (" + length + " bytes)");
        }
        byte[] progressive = encode("jpg", new MatOfInt(Imgcodecs.IMWRITE_JPEG_PROGRESSIVE, 1));
        assertThat(damage(Arrays.copyOf(progressive, progressive.length * 2 / 3))).startsWith("truncated: ");
    }

    @Test
    void aScanLongerThanOneBulkCopyIsFollowedToItsEndWhereverItIsCut() throws Exception {
        // Noise makes tens of kilobytes of scan, with stuffed FF00 bytes across the 8 KiB copies it is searched in.
        Mat noise = new Mat(256, 256, org.opencv.core.CvType.CV_8UC3);
        MatOfByte encoded = new MatOfByte();
        byte[] whole;
        try {
            org.opencv.core.Core.randu(noise, 0, 256);
            assertThat(Imgcodecs.imencode(".jpg", noise, encoded)).isTrue();
            whole = encoded.toArray();
        } finally {
            noise.release();
            encoded.release();
        }
        int scan = scanData(whole);
        assertThat(whole.length - scan).isGreaterThan(3 * 8192);
        assertThat(damage(whole)).isNull();
        for (int length : new int[] {scan + 8191, scan + 8192, scan + 8193, scan + 2 * 8192 + 1, whole.length - 1}) {
            assertThat(damage(Arrays.copyOf(whole, length))).as("cut to " + length)
                    .isEqualTo("truncated: the JPEG data ends without its end-of-image marker (" + length + " bytes)");
        }
    }

    @Test
    void aStuffedByteOrRestartMarkerAtTheEdgeOfABulkCopyIsPartOfTheScan() throws Exception {
        // The scan is searched 8 KiB at a time, the next copy starting at the byte where the last one's final pair
        // would begin: FF00 and FFD0 put on every byte around those edges must be read as two bytes of one pair.
        for (int at = 8185; at <= 8200; at++) {
            byte[] header = encode("jpg");
            int scan = scanData(header);
            byte[] jpeg = Arrays.copyOf(header, scan + 30_000);
            Arrays.fill(jpeg, scan, jpeg.length - 2, (byte) 0x11);
            for (int edge : new int[] {at, at + 8191, at + 2 * 8191}) {
                jpeg[scan + edge] = (byte) 0xFF;
                jpeg[scan + edge + 1] = edge == at ? 0x00 : (byte) 0xD0;
            }
            jpeg[jpeg.length - 2] = (byte) 0xFF;
            jpeg[jpeg.length - 1] = (byte) 0xD9;
            assertThat(damage(jpeg)).as("FF00 at " + at).isNull();
        }
    }

    @Test
    void aJpegCutInItsHeadersIsNotDecodable() {
        byte[] whole = encode("jpg");
        for (int length : new int[] {3, 20, scanData(whole) / 2, scanData(whole) - 1}) {
            assertThat(problem(Arrays.copyOf(whole, length))).as("cut to " + length)
                    .isEqualTo("truncated: the JPEG data ends before its image data begins (" + length + " bytes)");
        }
    }

    private static String formatOf(String extension) {
        return switch (extension) {
            case "png" -> "PNG";
            case "bmp" -> "BMP";
            default -> "WebP";
        };
    }

    @Test
    void aTiffWhoseDirectoryIsCutOffIsTruncated() {
        byte[] whole = encode("tiff");
        assertThat(problem(Arrays.copyOf(whole, 8))).startsWith("truncated: ").contains("TIFF");
    }

    @Test
    void aPngWithADamagedChunkFailsItsCrc() {
        byte[] png = encode("png");
        png[png.length / 2] ^= 0x5A;
        assertThat(problem(png)).startsWith("corrupt PNG: CRC error in the IDAT chunk");
    }

    @Test
    void randomBytesTextAndEmptyFilesAreNotImages() {
        byte[] random = new byte[4096];
        new Random(3).nextBytes(random);
        random[0] = 0x12;
        assertThat(problem(random)).isEqualTo("not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        assertThat(problem("<html>not a picture</html>".getBytes())).startsWith("not an image");
        assertThat(problem(new byte[0])).isEqualTo("empty file (0 bytes)");
    }

    @Test
    void randomBytesBehindAnImageSignatureAreFound() {
        byte[] random = new byte[4096];
        new Random(4).nextBytes(random);
        byte[] png = Arrays.copyOf(encode("png"), 8);
        System.arraycopy(png, 0, random, 0, 8);
        assertThat(problem(random)).startsWith("corrupt PNG");

        new Random(5).nextBytes(random);
        random[0] = (byte) 0xFF;
        random[1] = (byte) 0xD8;
        random[2] = (byte) 0xFF;
        // Random bytes almost never hold FFD9 exactly where a marker is due.
        assertThat(problem(random)).isNotNull();
    }

    @Test
    void theFormatComesFromTheContentNotTheName() throws Exception {
        assertThat(FormatCheck.check(Path.of("really-a-png.jpg"), encode("png")).format()).isEqualTo(ImageFormat.PNG);
        assertThat(FormatCheck.check(Path.of("x.png"), encode("jpg")).format()).isEqualTo(ImageFormat.JPEG);
    }

    @Test
    void theExceptionNamesTheFile() {
        assertThatThrownBy(() -> FormatCheck.check(Path.of("dir/cut.png"), Arrays.copyOf(encode("png"), 50)))
                .isInstanceOf(ImageException.class).hasMessageStartingWith("dir/cut.png: truncated");
    }

    @Test
    void anAnimatedWebPIsRefusedByName() throws Exception {
        // Two frames of 16x12, written by libwebp (Pillow); OpenCV 4.9 decodes none of them.
        byte[] animated = java.nio.file.Files.readAllBytes(
                Path.of(FormatCheckTest.class.getResource("/webp/animated-2-frames.webp").toURI()));

        assertThat(problem(animated)).startsWith("an animated WebP");
        assertThat(problem(encode("webp"))).isNull();
    }
}
