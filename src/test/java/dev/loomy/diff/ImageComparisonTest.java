package dev.loomy.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.opencv.core.Mat;

import dev.loomy.TestImages;

class ImageComparisonTest {

    @Test
    void identicalImagesHaveNoDifferenceAndInfinitePsnr() {
        Mat a = TestImages.image(40, 30, 1);
        Mat b = a.clone();
        try {
            ImageComparison.Difference d = ImageComparison.compare(a, b);
            assertThat(d.identical()).isTrue();
            assertThat(d.maxDifference()).isZero();
            assertThat(d.identicalValues()).isEqualTo(d.totalValues()).isEqualTo(40 * 30 * 3);
            assertThat(d.psnr()).isInfinite();
            assertThat(d.identicalPercent(3)).hasToString("100.000");
            assertThat(d.meanAbsoluteError()).isZero();
            assertThat(d.ssim()).isEqualTo(1.0);
        } finally {
            a.release();
            b.release();
        }
    }

    @Test
    void oneChangedChannelValueIsCountedExactly() {
        Mat a = TestImages.image(100, 100, 2);
        Mat b = a.clone();
        try {
            setChannel(b, 10, 20, 1, shifted(a, 10, 20, 1, 37));
            ImageComparison.Difference d = ImageComparison.compare(a, b);

            assertThat(d.identical()).isFalse();
            assertThat(d.maxDifference()).isEqualTo(37);
            assertThat(d.totalValues()).isEqualTo(30_000);
            assertThat(d.identicalValues()).isEqualTo(29_999);
            // Rounded down: one value in 30,000 differs, so never 100.000%.
            assertThat(d.identicalPercent(3)).hasToString("99.996");
            double mse = 37.0 * 37.0 / 30_000;
            assertThat(d.psnr()).isCloseTo(10 * Math.log10(255.0 * 255.0 / mse), within(1e-6));
            assertThat(d.meanAbsoluteError()).isCloseTo(37.0 / 30_000, within(1e-12));
            assertThat(d.squaredSum()).isEqualTo(37.0 * 37.0);
            assertThat(d.ssim()).isLessThan(1.0).isEqualTo(Ssim.of(a, b));
        } finally {
            a.release();
            b.release();
        }
    }

    @Test
    void imagesAsFarApartAsCanBeAreZeroDecibelsNotANegativeZero() {
        Mat black = new Mat(4, 4, org.opencv.core.CvType.CV_8UC3, org.opencv.core.Scalar.all(0));
        Mat white = new Mat(4, 4, org.opencv.core.CvType.CV_8UC3, org.opencv.core.Scalar.all(255));
        try {
            ImageComparison.Difference d = ImageComparison.compare(black, white);

            assertThat(d.maxDifference()).isEqualTo(255);
            assertThat(Double.doubleToRawLongBits(d.psnr())).isEqualTo(Double.doubleToRawLongBits(0.0));
        } finally {
            black.release();
            white.release();
        }
    }

    @Test
    void theLargestOfSeveralChangesIsReported() {
        Mat a = TestImages.image(20, 10, 3);
        setChannel(a, 9, 19, 2, 250);
        Mat b = a.clone();
        try {
            setChannel(b, 0, 0, 0, shifted(a, 0, 0, 0, 5));
            setChannel(b, 9, 19, 2, 50);
            setChannel(b, 5, 5, 1, shifted(a, 5, 5, 1, 1));
            ImageComparison.Difference d = ImageComparison.compare(a, b);

            assertThat(d.maxDifference()).isEqualTo(200);
            assertThat(d.identicalValues()).isEqualTo(20 * 10 * 3 - 3);
        } finally {
            a.release();
            b.release();
        }
    }

    @Test
    void imagesOfDifferentSizesAreRefused() {
        Mat a = TestImages.image(20, 10, 1);
        Mat b = TestImages.image(10, 20, 1);
        try {
            assertThatThrownBy(() -> ImageComparison.compare(a, b)).isInstanceOf(IllegalArgumentException.class);
        } finally {
            a.release();
            b.release();
        }
    }

    /** The channel value at (row, col) moved by {@code by} (at most 127) towards the middle, so that it stays in 0..255. */
    static int shifted(Mat image, int row, int col, int channel, int by) {
        byte[] pixel = new byte[3];
        image.get(row, col, pixel);
        int value = pixel[channel] & 0xff;
        return value >= 128 ? value - by : value + by;
    }

    static void setChannel(Mat image, int row, int col, int channel, int value) {
        byte[] pixel = new byte[3];
        image.get(row, col, pixel);
        pixel[channel] = (byte) value;
        image.put(row, col, pixel);
    }
}
