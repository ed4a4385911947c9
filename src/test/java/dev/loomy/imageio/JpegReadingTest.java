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
public class JpegReadingTest {

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
    public static byte[] corrupted(byte[] jpeg) {
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

    /** {@code jpeg} with an EXIF block (APP1) right after SOI, giving {@code orientation} in the byte order {@code order}. */
    static byte[] withOrientation(byte[] jpeg, int orientation, String order) {
        boolean big = order.equals("MM");
        byte[] tiff = big
                ? new byte[] {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, (byte) orientation, 0, 0, 0, 0, 0, 0}
                : new byte[] {'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, (byte) orientation, 0, 0, 0, 0, 0, 0, 0};
        int length = 2 + 6 + tiff.length;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE1, (byte) (length >> 8), (byte) length, 'E', 'x', 'i', 'f', 0, 0});
        out.writeBytes(tiff);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    @Test
    void anExifOrientationIsAppliedAsImdecodeDoes() throws Exception {
        byte[] photo = photo();
        for (String order : List.of("MM", "II")) {
            for (int orientation : new int[] {1, 3, 6, 8}) {
                Path file = Files.write(dir.resolve("exif-" + order + orientation + ".jpg"), withOrientation(photo, orientation, order));
                Mat image = new ImageReader().read(file);
                Mat expected = Imgcodecs.imread(file.toString());
                assertThat(image.size()).isEqualTo(orientation >= 5 ? new org.opencv.core.Size(480, 640)
                        : new org.opencv.core.Size(640, 480));
                TurboJpegTest.assertIdentical(image, expected);
                assertThat(Exif.upright(EncodedBytes.of(Files.readAllBytes(file)))).as(order + orientation)
                        .isEqualTo(orientation == 1);
            }
        }
        assertThat(Exif.upright(EncodedBytes.of(photo))).isTrue();
    }

    @Test
    void aCmykJpegIsReadAsImreadReadsIt() throws Exception {
        // libturbojpeg writes 4-channel CMYK pixels as an Adobe YCCK JPEG, which imread turns into BGR.
        TurboJpeg.load("libturbojpeg.so.0");
        int width = 64;
        int height = 48;
        com.sun.jna.Memory cmyk = new com.sun.jna.Memory(width * height * 4L);
        for (int i = 0; i < width * height * 4; i++) {
            cmyk.setByte(i, (byte) (i * 7 % 251));
        }
        com.sun.jna.Pointer handle = TurboJpeg.Library.tjInitCompress();
        com.sun.jna.ptr.PointerByReference jpeg = new com.sun.jna.ptr.PointerByReference();
        com.sun.jna.ptr.NativeLongByReference size = new com.sun.jna.ptr.NativeLongByReference(new com.sun.jna.NativeLong(0));
        int tjpfCmyk = 11;
        assertThat(TurboJpeg.Library.tjCompress2(handle, cmyk, width, 0, height, tjpfCmyk, jpeg, size, 0, 90, 0)).isZero();
        byte[] bytes = jpeg.getValue().getByteArray(0, (int) size.getValue().longValue());
        TurboJpeg.Library.tjFree(jpeg.getValue());
        TurboJpeg.Library.tjDestroy(handle);

        Path file = Files.write(dir.resolve("cmyk.jpg"), bytes);
        Mat image = new ImageReader().read(file);
        assertThat(image.size()).isEqualTo(new org.opencv.core.Size(width, height));
        TurboJpegTest.assertIdentical(image, Imgcodecs.imread(file.toString()));
    }
}
