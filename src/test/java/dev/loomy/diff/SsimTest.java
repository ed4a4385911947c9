package dev.loomy.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.TestImages;
import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

class SsimTest {

    @BeforeAll
    static void load() {
        OpenCv.load();
    }

    @Test
    void anImageWithItselfIsOne() {
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(TestImages.image(97, 83, 7));
            assertThat(Ssim.of(a, scope.add(a.clone()))).isCloseTo(1.0, within(1e-12));
        }
    }

    @Test
    void aKnownDistortionGivesScikitImagesFigure() {
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(TestImages.image(97, 83, 7));
            Mat b = scope.add(distorted(a));
            assertThat(Ssim.of(a, b)).isCloseTo(REFERENCE, within(1e-9));
        }
    }

    @Test
    void stripsOfAnyHeightGiveTheWholeImagesFigure() {
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(TestImages.image(97, 83, 7));
            Mat b = scope.add(distorted(a));
            double whole = Ssim.of(a, b, Integer.MAX_VALUE);
            // One row of windows a strip, then a few: every strip's margin must hold its windows.
            assertThat(Ssim.of(a, b, 97)).isCloseTo(whole, within(1e-12));
            assertThat(Ssim.of(a, b, 97 * 10)).isCloseTo(whole, within(1e-12));
            assertThat(whole).isCloseTo(REFERENCE, within(1e-9));
        }
    }

    @Test
    void aLargerDifferenceGivesASmallerFigure() {
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(TestImages.image(60, 40, 3));
            Mat slightly = scope.add(a.clone());
            Core.add(a, new Scalar(4, 4, 4), slightly);
            Mat much = scope.add(a.clone());
            Core.add(a, new Scalar(40, 40, 40), much);
            assertThat(Ssim.of(a, slightly)).isLessThan(1.0).isGreaterThan(Ssim.of(a, much));
        }
    }

    @Test
    void anImageSmallerThanTheWindowHasNone() {
        try (MatScope scope = new MatScope()) {
            Mat narrow = scope.add(new Mat(20, 10, CvType.CV_8UC3, Scalar.all(9)));
            Mat low = scope.add(new Mat(10, 20, CvType.CV_8UC3, Scalar.all(9)));
            Mat smallest = scope.add(new Mat(11, 11, CvType.CV_8UC3, Scalar.all(9)));
            assertThat(Ssim.of(narrow, narrow)).isNaN();
            assertThat(Ssim.of(low, low)).isNaN();
            assertThat(Ssim.of(smallest, smallest)).isEqualTo(1.0);
        }
    }

    /**
     * scikit-image 0.26.0 (numpy 2.4.6), once, on {@code a} and {@link #distorted} written as PNG:
     * {@code structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
     * data_range=255, channel_axis=-1)}. Ours differs in the 14th digit.
     */
    static final double REFERENCE = 0.7540081517495961;

    /**
     * {@code a} with its contrast halved and a diagonal ripple of -8..8 added, computed here
     * value by value so that the figure does not hang on any library's rounding.
     */
    static Mat distorted(Mat a) {
        byte[] values = new byte[(int) (a.total() * a.channels())];
        a.get(0, 0, values);
        for (int i = 0; i < values.length; i++) {
            int pixel = i / 3;
            int x = pixel % a.cols();
            int y = pixel / a.cols();
            int c = i % 3;
            int v = (values[i] & 0xff) / 2 + 64 + (x * 3 + y * 5 + c * 7) % 17 - 8;
            values[i] = (byte) Math.max(0, Math.min(255, v));
        }
        Mat b = new Mat(a.rows(), a.cols(), CvType.CV_8UC3);
        b.put(0, 0, values);
        return b;
    }
}
