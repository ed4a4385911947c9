package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.OpenCv;
import dev.loomy.samples.SampleGenerator;

/**
 * libturbojpeg decodes to exactly {@code imdecode}'s pixels and encodes to exactly
 * {@code imencode}'s bytes, for the golden inputs and photo-like images in every JPEG flavour
 * OpenCV writes.
 */
class TurboJpegTest {

    static final Path GOLDEN_INPUTS = resource("/golden/inputs");

    private static TurboJpeg turbo;

    @BeforeAll
    static void load() {
        OpenCv.load();
        // The system's library, whatever this JVM chose: a missing one fails here (apt-get install libturbojpeg0).
        turbo = TurboJpeg.load("libturbojpeg.so.0");
    }

    /** The flavours: name and imwrite's parameters. */
    private static final List<Object[]> FLAVOURS = List.of(
            new Object[] {"4:2:0 q95 (imwrite's default)", new int[0]},
            new Object[] {"4:4:4", new int[] {Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR, Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR_444}},
            new Object[] {"4:2:2", new int[] {Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR, Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR_422}},
            new Object[] {"4:1:1", new int[] {Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR, Imgcodecs.IMWRITE_JPEG_SAMPLING_FACTOR_411}},
            new Object[] {"progressive q75", new int[] {Imgcodecs.IMWRITE_JPEG_PROGRESSIVE, 1, Imgcodecs.IMWRITE_JPEG_QUALITY, 75}},
            new Object[] {"optimized q50 restarts", new int[] {Imgcodecs.IMWRITE_JPEG_OPTIMIZE, 1, Imgcodecs.IMWRITE_JPEG_QUALITY, 50,
                    Imgcodecs.IMWRITE_JPEG_RST_INTERVAL, 3}},
            new Object[] {"grayscale", null});

    /** Every golden input and three photo-like samples, each as an 8-bit BGR image. */
    static List<Object[]> images() throws IOException {
        OpenCv.load();
        List<Object[]> images = new ArrayList<>();
        try (Stream<Path> files = Files.list(GOLDEN_INPUTS)) {
            for (Path file : files.sorted().toList()) {
                images.add(new Object[] {file.getFileName().toString(), Imgcodecs.imread(file.toString())});
            }
        }
        SampleGenerator samples = new SampleGenerator(7, null);
        for (int index = 1; index <= 3; index++) {
            images.add(new Object[] {"sample " + index, samples.paint(index)});
        }
        return images;
    }

    static Stream<Arguments> jpegs() throws IOException {
        List<Arguments> jpegs = new ArrayList<>();
        for (Object[] image : images()) {
            for (Object[] flavour : FLAVOURS) {
                jpegs.add(Arguments.of(image[0] + ", " + flavour[0], encoded((Mat) image[1], (int[]) flavour[1])));
            }
        }
        return jpegs.stream();
    }

    /** {@code image} as imencode writes it with {@code parameters}; null parameters: as a 1-channel gray JPEG. */
    private static byte[] encoded(Mat image, int[] parameters) {
        Mat source = image;
        if (parameters == null) {
            source = new Mat();
            Imgproc.cvtColor(image, source, Imgproc.COLOR_BGR2GRAY);
        }
        MatOfByte bytes = new MatOfByte();
        assertThat(Imgcodecs.imencode(".jpg", source, bytes, new MatOfInt(parameters == null ? new int[0] : parameters))).isTrue();
        return bytes.toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jpegs")
    void decodesToExactlyImdecodesPixels(String name, byte[] jpeg) throws Exception {
        MatOfByte encoded = new MatOfByte(jpeg);
        Mat expected = Imgcodecs.imdecode(encoded, Imgcodecs.IMREAD_COLOR);
        TurboJpeg.Decoded decoded = turbo.decode(encoded);
        assertThat(decoded.warning()).isNull();
        assertIdentical(decoded.image(), expected);
    }

    @Test
    void theGoldenJpegDecodesToExactlyImreadsPixels() throws Exception {
        Path plasma = GOLDEN_INPUTS.resolve("plasma-640x480.jpg");
        Mat encoded = new MatOfByte(Files.readAllBytes(plasma));
        assertIdentical(turbo.decode(encoded).image(), Imgcodecs.imread(plasma.toString()));
    }

    /** A frame beyond the decode limits is refused before any pixel memory is taken, whatever the probe saw. */
    @Test
    void refusesAFrameBeyondTheDecodeLimits() throws Exception {
        byte[] jpeg = Files.readAllBytes(GOLDEN_INPUTS.resolve("plasma-640x480.jpg"));
        int sof = 2;
        while (!((jpeg[sof] & 0xFF) == 0xFF && (jpeg[sof + 1] & 0xFF) == 0xC0)) {
            sof += 2 + ((jpeg[sof + 2] & 0xFF) << 8 | (jpeg[sof + 3] & 0xFF));
        }
        // Height and width, 20000 each: 400 megapixels, above the limit of 2^28.
        jpeg[sof + 5] = jpeg[sof + 7] = (byte) (20000 >> 8);
        jpeg[sof + 6] = jpeg[sof + 8] = (byte) (20000 & 0xFF);
        MatOfByte encoded = new MatOfByte(jpeg);

        assertThatThrownBy(() -> turbo.decode(encoded)).isInstanceOf(TurboJpeg.TooLargeException.class)
                .hasMessageStartingWith("too large to decode: 20000x20000 is 400000000 pixels");
        encoded.release();
    }

    static Stream<Arguments> images3() throws IOException {
        return images().stream().flatMap(image -> {
            Mat gray = new Mat();
            Imgproc.cvtColor((Mat) image[1], gray, Imgproc.COLOR_BGR2GRAY);
            return Stream.of(Arguments.of(image[0] + ", BGR", image[1]), Arguments.of(image[0] + ", gray", gray));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("images3")
    void encodesToExactlyImencodesBytes(String name, Mat image) throws Exception {
        MatOfByte expected = new MatOfByte();
        assertThat(Imgcodecs.imencode(".jpg", image, expected)).isTrue();
        try (TurboJpeg.Encoded encoded = turbo.encode(image, ImageWriter.DEFAULT_QUALITY)) {
            byte[] bytes = new byte[(int) encoded.length()];
            encoded.view().get(bytes);
            assertThat(bytes).isEqualTo(expected.toArray());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("images3")
    void encodesAtAQualityToExactlyImencodesBytesAtIt(String name, Mat image) throws Exception {
        MatOfByte expected = new MatOfByte();
        assertThat(Imgcodecs.imencode(".jpg", image, expected, new MatOfInt(Imgcodecs.IMWRITE_JPEG_QUALITY, 40))).isTrue();
        try (TurboJpeg.Encoded encoded = turbo.encode(image, 40)) {
            byte[] bytes = new byte[(int) encoded.length()];
            encoded.view().get(bytes);
            assertThat(bytes).isEqualTo(expected.toArray());
        }
    }

    static Path resource(String name) {
        try {
            return Path.of(TurboJpegTest.class.getResource(name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static void assertIdentical(Mat actual, Mat expected) {
        assertThat(actual.type()).isEqualTo(expected.type());
        assertThat(actual.size()).isEqualTo(expected.size());
        Mat difference = new Mat();
        Core.absdiff(actual, expected, difference);
        assertThat(Core.countNonZero(difference.reshape(1))).as("channel values that differ").isZero();
    }
}
