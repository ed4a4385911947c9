package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import java.util.stream.Stream;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;
import org.opencv.photo.Photo;

import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;

/**
 * The catalogue filters' parameters, and the whole-matrix steps that replace origami's per-pixel
 * Java loops checked against those loops, written out as origami has them, for other parameters
 * and sizes than the golden images'.
 */
class CatalogueFiltersTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    @Test
    void parametersAndDefaultsAreOrigamis() {
        assertThat(new Canny().parameters()).containsExactly(entry("threshold1", 100), entry("threshold2", 200));
        assertThat(new Canny().flags()).containsExactly(entry("inverted", true));
        assertThat(new GammaCorrection().parameters()).containsExactly(entry("gamma", 0.1));
        assertThat(new EdgePreserving().parameters()).containsExactly(entry("flags", 1), entry("sigma_s", 60.0),
                entry("sigma_r", 0.4));
        assertThat(new DetailEnhance().parameters()).containsExactly(entry("sigma_s", 10.0), entry("sigma_r", 0.15));
        assertThat(new HighContrast().parameters()).containsExactly(entry("alpha", 1.5));
        assertThat(new PixelSepia().parameters()).containsExactly(entry("depth", 20), entry("intensity", 30));
        assertThat(new Cartoon().parameters()).containsExactly(entry("d", 13), entry("sigmaColor", 13),
                entry("sigmaSpace", 7), entry("ksize", 7), entry("maxValue", 255.0), entry("blockSize", 9), entry("C", 2));
        for (Filter filter : List.of(new Gray(), Sepia.gray(), Sepia.red(), new Invert(), new Sobelo(), new Gotham(),
                new Vignetting(), new Lark(), new Mayfair(), new Valencia(), new Walden())) {
            assertThat(filter.parameters()).as(filter.name()).isEmpty();
            assertThat(filter.flags()).as(filter.name()).isEmpty();
        }
        assertThat(CatalogueGoldenTest.catalogue()).allSatisfy(f -> assertThat(f.description()).isNotBlank());
    }

    private static Arguments outOfRange(String name, ThrowingCallable make, String parameter) {
        return Arguments.of(Named.of(name, make), parameter);
    }

    static Stream<Arguments> valuesOutOfRange() {
        return Stream.of(
                outOfRange("Canny, threshold1 -1", () -> new Canny("c", -1, 200, true), "threshold1"),
                outOfRange("GammaCorrection, gamma 0", () -> new GammaCorrection("g", 0), "gamma"),
                outOfRange("GammaCorrection, gamma NaN", () -> new GammaCorrection("g", Double.NaN), "gamma"),
                outOfRange("EdgePreserving, flags 3", () -> new EdgePreserving("e", 3, 60, 0.4), "flags"),
                outOfRange("EdgePreserving, sigma_s 201", () -> new EdgePreserving("e", 1, 201, 0.4), "sigma_s"),
                outOfRange("DetailEnhance, sigma_r 1.5", () -> new DetailEnhance("d", 10, 1.5), "sigma_r"),
                outOfRange("HighContrast, alpha -1", () -> new HighContrast("h", -1), "alpha"),
                outOfRange("PixelSepia, depth 256", () -> new PixelSepia("p", 256, 30), "depth"),
                outOfRange("Cartoon, blockSize 8", () -> new Cartoon("c", 13, 13, 7, 7, 255, 8, 2), "blockSize"),
                outOfRange("Cartoon, blockSize 257", () -> new Cartoon("c", 13, 13, 7, 7, 255, 257, 2), "blockSize"),
                outOfRange("Cartoon, blockSize Integer.MAX_VALUE",
                        () -> new Cartoon("c", 13, 13, 7, 7, 255, Integer.MAX_VALUE, 2), "blockSize"),
                outOfRange("Cartoon, d 0", () -> new Cartoon("c", 0, 13, 7, 7, 255, 9, 2), "d"),
                outOfRange("Cartoon, ksize 0", () -> new Cartoon("c", 13, 13, 7, 0, 255, 9, 2), "ksize"),
                outOfRange("Cartoon, maxValue 300", () -> new Cartoon("c", 13, 13, 7, 7, 300, 9, 2), "maxValue"),
                outOfRange("Gray, a blank name", () -> new Gray(" "), "name"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valuesOutOfRange")
    void valuesOutOfRangeAreRefusedNamingTheParameter(ThrowingCallable make, String parameter) {
        refused(make, parameter);
    }

    private static void refused(ThrowingCallable make, String parameter) {
        assertThatThrownBy(make).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(parameter);
    }

    /** origami's PixelSepia, pixel by pixel in doubles, stored with put's rounding and clamping. */
    private static Mat origamiPixelSepia(Mat image, int depth, int intensity) {
        Mat result = new Mat(image.size(), image.type());
        for (int y = 0; y < image.rows(); y++) {
            for (int x = 0; x < image.cols(); x++) {
                double[] pixel = image.get(y, x);
                double avg = (pixel[2] + pixel[1] + pixel[0]) / 3;
                double red = Math.min(avg + depth * 2, 255);
                double green = Math.min(avg + depth, 255);
                double blue = Math.min(Math.max(avg - intensity, 0), 255);
                result.put(y, x, blue, green, red);
            }
        }
        return result;
    }

    @ParameterizedTest(name = "depth {0} intensity {1}")
    @CsvSource({"20, 30", "0, 0", "-40, -100", "255, 255", "7, -3"})
    void pixelSepiaGivesOrigamisLoopsBits(int depth, int intensity) {
        Mat image = TestImages.image(131, 77, depth * 1000L + intensity);
        Mat expected = origamiPixelSepia(image, depth, intensity);
        Mat actual = new PixelSepia("p", depth, intensity).apply(image);
        try {
            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        } finally {
            actual.release();
            expected.release();
            image.release();
        }
    }

    /**
     * origami's mask, pixel by pixel: the scale stored into an 8-bit Mat rounds to 1 or 0. A flat
     * image of 100 shows it in the result: 150 inside, 0 outside.
     */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"640, 480", "97, 61", "64, 64", "1, 1", "2, 3", "333, 1000", "1024, 768"})
    void vignettingsDiscIsOrigamisMaskPixelForPixel(int cols, int rows) {
        Mat mask = new Mat(rows, cols, CvType.CV_8U);
        double cx = cols / 2.0;
        double cy = rows / 2.0;
        double maxRadius = Math.sqrt(cx * cx + cy * cy);
        byte[] values = new byte[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                double distance = Math.sqrt(Math.pow(i - cy, 2) + Math.pow(j - cx, 2));
                double scale = Math.exp(-2.5 * Math.pow(distance / maxRadius, 2));
                values[i * cols + j] = (byte) (Math.rint(scale) >= 1 ? 150 : 0);
            }
        }
        mask.put(0, 0, values);
        Mat flat = new Mat(rows, cols, CvType.CV_8UC3, Scalar.all(100));
        Mat actual = new Vignetting().apply(flat);
        Mat channel = new Mat();
        try {
            Core.extractChannel(actual, channel, 1);
            MatDifference difference = MatDifference.between(channel, mask);
            assertThat(difference.identical()).as("%s", difference).isTrue();
            // A 1x1 image's only pixel lies at 0.707 maxR from the centre: outside.
            assertThat(Core.countNonZero(channel) > 0).isEqualTo(rows * cols > 1);
        } finally {
            channel.release();
            actual.release();
            flat.release();
            mask.release();
        }
    }

    /**
     * Walden's table for L against origami's float steps in OpenCV itself, every value 0..255 at
     * many positions of a row (so that SIMD lanes and the scalar tail both compute some).
     */
    @Test
    void waldensLiftIsOpenCvsFloatSteps() {
        int width = 256 * 5 + 7;
        Mat values = new Mat(1, width, CvType.CV_8U);
        byte[] bytes = new byte[width];
        for (int i = 0; i < width; i++) {
            bytes[i] = (byte) (i * 7 % 256);
        }
        values.put(0, 0, bytes);
        Mat floats = new Mat();
        try {
            values.convertTo(floats, CvType.CV_32F);
            Core.add(floats, new Scalar(10), floats);
            Core.divide(floats, new Scalar(255), floats);
            Core.pow(floats, 0.5, floats);
            Core.multiply(floats, new Scalar(255), floats);
            floats.convertTo(values, CvType.CV_8U);
            byte[] lifted = new byte[width];
            values.get(0, 0, lifted);
            for (int i = 0; i < width; i++) {
                int l = i * 7 % 256;
                assertThat(Walden.lifted(l)).as("L = %d", l).isEqualTo(lifted[i] & 0xff);
            }
        } finally {
            values.release();
            floats.release();
        }
    }

    /** origami's GammaCorrection table: float division, double power, truncation, put into 8 bits. */
    @ParameterizedTest(name = "gamma {0}")
    @CsvSource({"0.1", "0.5", "1", "2.2", "0.01"})
    void gammaCorrectionIsOrigamisTable(double gamma) {
        Mat ramp = new Mat(1, 256, CvType.CV_8UC3);
        Mat table = new Mat(1, 256, CvType.CV_8U);
        float inverse = 1 / (float) gamma;
        for (int i = 0; i < 256; i++) {
            ramp.put(0, i, i, 255 - i, i / 2);
            table.put(0, i, (int) (Math.pow(i / 255.0f, inverse) * 255));
        }
        Mat expected = new Mat();
        Mat actual = new GammaCorrection("g", gamma).apply(ramp);
        try {
            Core.LUT(ramp, table, expected);
            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        } finally {
            actual.release();
            expected.release();
            table.release();
            ramp.release();
        }
    }

    /** Gray's 1-channel result goes on through a chain as three equal channels. */
    @Test
    void aChainTakesAGrayStepsResultOnAsThreeChannels() {
        Mat image = TestImages.image(50, 40, 3);
        Chain chain = new Chain("GrayNegative", List.of(new Gray(), new Invert()));
        Mat actual = chain.apply(image);
        Mat gray = new Gray().apply(image);
        Mat expected = new Mat();
        try {
            Core.bitwise_not(gray, gray);
            Imgproc.cvtColor(gray, expected, Imgproc.COLOR_GRAY2BGR);
            assertThat(actual.type()).isEqualTo(CvType.CV_8UC3);
            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        } finally {
            actual.release();
            gray.release();
            expected.release();
        }
        Mat last = new Chain("ThenGray", List.of(new Invert(), new Gray())).apply(image);
        try {
            assertThat(last.type()).isEqualTo(CvType.CV_8UC1);
        } finally {
            last.release();
            image.release();
        }
    }
    /** flags = 2 asks OpenCV for normalised convolution, a different smoothing from the default recursive one. */
    @Test
    void edgePreservingPassesItsFlagsToOpenCv() {
        Mat image = TestImages.image(60, 40, 11);
        Mat recursive = new EdgePreserving().apply(image);
        Mat normalised = new EdgePreserving("N", Photo.NORMCONV_FILTER, 60, 0.4).apply(image);
        Mat expected = new Mat();
        try {
            Photo.edgePreservingFilter(image, expected, Photo.NORMCONV_FILTER, 60f, 0.4f);
            assertThat(MatDifference.between(normalised, expected).identical()).isTrue();
            assertThat(MatDifference.between(normalised, recursive).identical()).isFalse();
        } finally {
            List.of(image, recursive, normalised, expected).forEach(Mat::release);
        }
    }

    /**
     * Canny's thresholds go up to the largest gradient an 8-bit image has: a diagonal step from 0 to
     * 255 has it, and is an edge below it and not at it, so no threshold above it does anything else.
     */
    @Test
    void cannysLargestThresholdIsTheLargestGradient() {
        Mat step = new Mat(32, 32, CvType.CV_8UC3, Scalar.all(0));
        for (int y = 0; y < 32; y++) {
            for (int x = 32 - y; x < 32; x++) {
                step.put(y, x, 255, 255, 255);
            }
        }
        Mat below = new Canny("c", Canny.MAX_GRADIENT - 1, Canny.MAX_GRADIENT - 1, false).apply(step);
        Mat at = new Canny("c", Canny.MAX_GRADIENT, Canny.MAX_GRADIENT, false).apply(step);
        try {
            assertThat(Core.countNonZero(below.reshape(1))).isPositive();
            assertThat(Core.countNonZero(at.reshape(1))).isZero();
        } finally {
            step.release();
            below.release();
            at.release();
        }
    }
}
