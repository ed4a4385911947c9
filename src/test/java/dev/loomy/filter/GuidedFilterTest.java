package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/** The guided filter, in Java, against origami's steps run through OpenCV: the same float bits. */
class GuidedFilterTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /**
     * Box sizes odd and even, shapes smaller than the box and larger, where the reflected borders
     * repeat; 7 and 14 are boxes whose {@code box(ones)} is not exactly 1.
     */
    @ParameterizedTest(name = "r = {0}")
    @CsvSource({"1", "2", "3", "4", "5", "7", "10", "11", "14", "16"})
    void givesOrigamisBitsForEveryBoxAndShape(int r) {
        int[][] shapes = {{1, 1}, {1, 7}, {7, 1}, {3, 5}, {17, 9}, {40, 1}, {1, 40}, {30, 33}, {100, 64}};
        for (int[] shape : shapes) {
            try (MatScope scope = new MatScope()) {
                Mat guide = randomGuide(shape[0], shape[1], scope);
                Mat input = localMax(guide, 3, scope);

                assertSameBits(guide, input, r, 0.01, scope, shape[0] + "x" + shape[1]);
            }
        }
    }

    /**
     * Boxes many times larger than the image, whose borders are reflections of reflections: odd and
     * even, and boxes that hold the image's pattern a whole number of times or not.
     */
    @ParameterizedTest(name = "r = {0}")
    @CsvSource({"17", "64", "65", "101", "1000", "2049"})
    void givesOrigamisBitsForBoxesFarLargerThanTheImage(int r) {
        int[][] shapes = {{1, 1}, {1, 2}, {2, 1}, {3, 5}, {17, 9}, {7, 40}, {30, 33}};
        for (int[] shape : shapes) {
            try (MatScope scope = new MatScope()) {
                Mat guide = randomGuide(shape[0], shape[1], scope);
                Mat input = localMax(guide, 3, scope);

                assertSameBits(guide, input, r, 0.01, scope, shape[0] + "x" + shape[1]);
            }
        }
    }

    /**
     * A box larger than the image needs no more memory than one the image's size: the rows it
     * reads beyond the image are reflections of the image's own. (With {@code r} rows of row sums
     * and padded rows {@code r} long, this call made 33 MB of arrays for a 20x30 image.)
     */
    @Test
    void aBoxLargerThanTheImageNeedsMemoryForTheImageOnly() {
        try (MatScope scope = new MatScope()) {
            Mat guide = randomGuide(20, 30, scope);
            Mat input = localMax(guide, 3, scope);
            Mat q = scope.mat();

            long allocated = Allocated.bytesDuring(() -> new GuidedFilter(20_000, 0.01).apply(guide, input, q));

            assertThat(allocated).isLessThan(256 * 1024);
            GuidedFilter filter = new GuidedFilter(20_000, 0.01);
            assertThat(filter.workingBytes(30, 20)).isEqualTo(new GuidedFilter(20, 0.01).workingBytes(30, 20));
        }
    }

    @Test
    void aWideImageThenATallOneHoldsWhatTheTallOneNeedsOnly() {
        try (MatScope scope = new MatScope()) {
            GuidedFilter filter = new GuidedFilter(400, 0.01);
            Mat wide = randomGuide(20, 400, scope);
            Mat tall = randomGuide(400, 20, scope);
            Mat q = scope.mat();
            filter.apply(wide, localMax(wide, 3, scope), q);
            Mat tallInput = localMax(tall, 3, scope);

            long allocated = Allocated.bytesDuring(() -> filter.apply(tall, tallInput, q));

            // 400 rows of 20-wide row sums, not 400 rows as wide as the last image's (7.7 MB).
            assertThat(allocated).isLessThan(2 * filter.workingBytes(20, 400));
        }
    }

    @Test
    void refusesABoxWhoseNormalisationOverflows() {
        assertThatIllegalArgumentException().isThrownBy(() -> new GuidedFilter(GuidedFilter.MAX_R + 1, 0.01))
                .withMessageContaining("1..46340");
        assertThatIllegalArgumentException().isThrownBy(() -> new GuidedFilter(0, 0.01));
    }

    /** ALTMRetinex's own case: a smooth guide in 0..1, its local maximum as input; input and output views of larger images. */
    @Test
    void givesOrigamisBitsOnViewsOfAPhotoSizedImage() {
        try (MatScope scope = new MatScope()) {
            Mat guide = randomGuide(611, 613, scope);
            Imgproc.GaussianBlur(guide, guide, new Size(9, 9), 0);
            Core.add(guide, Scalar.all(1), guide);
            Core.log(guide, guide);
            Mat larger = scope.add(new Mat(700, 700, CvType.CV_32F, Scalar.all(-1)));
            Mat input = scope.add(larger.submat(20, 631, 30, 643));
            Imgproc.dilate(guide, input, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(61, 61)));
            Mat expected = StraightforwardFilters.guided(guide, input, 10, 0.01, scope);
            Mat outside = scope.add(new Mat(650, 650, CvType.CV_32F, Scalar.all(-2)));
            Mat actual = scope.add(outside.submat(5, 616, 7, 620));

            new GuidedFilter(10, 0.01).apply(guide, input, actual);

            assertThat(bits(actual)).isEqualTo(bits(expected));
            // The whole view written, nothing around it.
            Mat around = scope.mat();
            Core.compare(outside, Scalar.all(-2), around, Core.CMP_NE);
            assertThat(Core.countNonZero(around)).isEqualTo(611 * 613);
        }
    }

    /** A regularisation other than ALTMRetinex's default, large enough to change the bits. */
    @Test
    void takesItsEps() {
        try (MatScope scope = new MatScope()) {
            Mat guide = randomGuide(50, 60, scope);
            Mat input = localMax(guide, 5, scope);

            assertSameBits(guide, input, 10, 0.5, scope, "eps 0.5");
        }
    }

    /** One filter, its workspace kept from call to call, over images wider, narrower, taller and shorter than the last. */
    @Test
    void givesTheSameBitsWhenItsWorkspaceIsReused() {
        GuidedFilter filter = new GuidedFilter(10, 0.01);
        int[][] shapes = {{100, 64}, {30, 33}, {200, 150}, {17, 9}, {5, 300}, {100, 64}, {1, 1}, {64, 100}};
        for (int[] shape : shapes) {
            try (MatScope scope = new MatScope()) {
                Mat guide = randomGuide(shape[0], shape[1], scope);
                Mat input = localMax(guide, 7, scope);
                Mat expected = StraightforwardFilters.guided(guide, input, 10, 0.01, scope);
                Mat actual = scope.mat();

                filter.apply(guide, input, actual);

                assertThat(bits(actual)).as("%dx%d", shape[0], shape[1]).isEqualTo(bits(expected));
            }
        }
    }

    /** Calls from several threads at once, on one filter, over images of several sizes. */
    @Test
    void givesTheSameBitsFromSeveralThreadsAtOnce() throws Exception {
        GuidedFilter filter = new GuidedFilter(10, 0.01);
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int k = 0; k < 24; k++) {
            int rows = 40 + 17 * (k % 5);
            int cols = 30 + 23 * (k % 7);
            calls.add(() -> {
                try (MatScope scope = new MatScope()) {
                    Mat guide = randomGuide(rows, cols, scope);
                    Mat input = localMax(guide, 5, scope);
                    Mat expected = StraightforwardFilters.guided(guide, input, 10, 0.01, scope);
                    Mat actual = scope.mat();
                    filter.apply(guide, input, actual);
                    return java.util.Arrays.equals(bits(actual), bits(expected));
                }
            });
        }
        Concurrently.allHold(4, calls);
    }

    @Test
    void refusesAnInputOfAnotherSizeOrType() {
        try (MatScope scope = new MatScope()) {
            Mat guide = scope.mat(20, 30, CvType.CV_32F);
            Mat smaller = scope.mat(19, 30, CvType.CV_32F);
            Mat doubles = scope.mat(20, 30, CvType.CV_64F);
            GuidedFilter filter = new GuidedFilter(10, 0.01);

            assertThatIllegalArgumentException()
                    .isThrownBy(() -> filter.apply(guide, smaller, scope.mat()));
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> filter.apply(guide, doubles, scope.mat()));
        }
    }

    /**
     * A call on an image the size of the last allocates next to nothing: its arrays, made afresh
     * per call (0.7 MB for 612 columns), lived through young collections and were promoted.
     */
    @Test
    void reusesItsArraysFromCallToCall() {
        GuidedFilter filter = new GuidedFilter(10, 0.01);
        try (MatScope scope = new MatScope()) {
            Mat guide = randomGuide(612, 612, scope);
            Mat input = localMax(guide, 7, scope);
            Mat q = scope.mat();
            filter.apply(guide, input, q);

            long allocated = Allocated.bytesDuring(() -> filter.apply(guide, input, q));

            assertThat(allocated).isLessThan(16 * 1024);
        }
    }

    /** A guide of {@code rows x cols} random values in 0..1. */
    private static Mat randomGuide(int rows, int cols, MatScope scope) {
        Mat guide = scope.mat(rows, cols, CvType.CV_32F);
        Core.randu(guide, 0, 1);
        return guide;
    }

    /** The guide's local maximum over a square of {@code aperture}: an input as ALTMRetinex gives one. */
    private static Mat localMax(Mat guide, int aperture, MatScope scope) {
        Mat input = scope.mat();
        Imgproc.dilate(guide, input, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(aperture, aperture)));
        return input;
    }

    private static void assertSameBits(Mat guide, Mat input, int r, double eps, MatScope scope, String what) {
        Mat expected = StraightforwardFilters.guided(guide, input, r, eps, scope);
        Mat actual = scope.mat();
        new GuidedFilter(r, eps).apply(guide, input, actual);
        assertThat(bits(actual)).as("%s, r = %d", what, r).isEqualTo(bits(expected));
    }

    private static int[] bits(Mat floats) {
        Mat continuous = floats.clone();
        try {
            float[] values = new float[(int) continuous.total()];
            continuous.get(0, 0, values);
            int[] bits = new int[values.length];
            for (int k = 0; k < values.length; k++) {
                bits[k] = Float.floatToRawIntBits(values[k]);
            }
            return bits;
        } finally {
            continuous.release();
        }
    }
}
