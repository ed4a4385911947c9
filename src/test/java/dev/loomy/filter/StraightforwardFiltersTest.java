package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.OpenCv;

/**
 * The filters against their plain step-by-step versions ({@link StraightforwardFilters}), for
 * parameters and sizes the golden images do not have: the shortcuts must not change a bit.
 */
class StraightforwardFiltersTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /** Seeded cases: sizes from tiny to 1024x768, parameters drawn at random (r = 7 and 14 make N differ from 1). */
    static Stream<Arguments> cases() {
        int[][] sizes = {{5, 4}, {17, 15}, {26, 23}, {446, 56}, {300, 420}, {1024, 768}};
        return IntStream.range(0, sizes.length).mapToObj(i -> {
            Random random = new Random(i);
            int r = i == 2 ? 7 : i == 3 ? 14 : 1 + random.nextInt(15);
            return Arguments.of(sizes[i][0], sizes[i][1], (long) i, r, 0.001 + random.nextDouble() * 0.1,
                    1 + random.nextDouble() * 50, 0.5 + random.nextDouble() * 20, 0.01 + random.nextDouble() * 0.6,
                    1 + random.nextInt(256), 1 + random.nextInt(256), 1 + random.nextInt(256));
        });
    }

    @ParameterizedTest(name = "{0}x{1}: r={3} eps={4} eta={5} lambda={6} ratio={7}, levels {8}/{9}/{10}")
    @MethodSource("cases")
    void sameBitsAsTheStraightforwardVersions(int cols, int rows, long seed, int r, double eps, double eta, double lambda,
            double ratio, int red, int green, int blue) {
        Mat image = image(cols, rows, seed);
        try {
            assertSame(new AltmRetinex("a", r, eps, eta, lambda, ratio).apply(image),
                    StraightforwardFilters.altmRetinex(image, r, eps, eta, lambda, ratio), "ALTMRetinex");
            assertSame(new Cartoon2("c", red, green, blue).apply(image),
                    StraightforwardFilters.cartoon2(image, red, green, blue), "Cartoon2");
        } finally {
            image.release();
        }
    }

    private static void assertSame(Mat actual, Mat expected, String what) {
        try {
            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s: %s", what, difference).isTrue();
        } finally {
            actual.release();
            expected.release();
        }
    }

    /** Smooth gradients, shapes, noise and some pure black pixels (where Lw is 0). */
    static Mat image(int cols, int rows, long seed) {
        Random random = new Random(seed);
        Mat small = new Mat(3, 3, CvType.CV_8UC3);
        Core.randu(small, 0, 256);
        Mat image = new Mat();
        Imgproc.resize(small, image, new Size(cols, rows), 0, 0, Imgproc.INTER_LINEAR);
        small.release();
        for (int i = 0; i < 6; i++) {
            Scalar colour = new Scalar(random.nextInt(256), random.nextInt(256), random.nextInt(256));
            Imgproc.circle(image, new Point(random.nextInt(cols), random.nextInt(rows)), 1 + random.nextInt(Math.max(cols, rows) / 3 + 1), colour, -1);
        }
        Mat noise = new Mat(rows, cols, CvType.CV_8UC3);
        Core.randn(noise, 0, 12);
        Core.add(image, noise, image);
        noise.release();
        Imgproc.rectangle(image, new Point(0, 0), new Point(cols / 5.0, rows / 5.0), Scalar.all(0), -1);
        return image;
    }
}
