package dev.loomy.diff;

import java.math.BigDecimal;
import java.math.RoundingMode;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.MatScope;

/** How far apart two images of the same size and type are, channel value by channel value. */
public final class ImageComparison {

    /**
     * @param maxDifference   the largest difference of one channel value (0 to 255 for 8-bit images)
     * @param identicalValues how many channel values are equal in both
     * @param totalValues     how many channel values each image has (width x height x channels)
     * @param psnr            the peak signal-to-noise ratio in dB; infinite when the images are identical
     * @param absoluteSum     the sum of the channel values' absolute differences
     * @param squaredSum      the sum of their squares
     * @param ssim            the structural similarity ({@link Ssim}); NaN for an image smaller than its window
     */
    public record Difference(int width, int height, int maxDifference, long identicalValues, long totalValues,
            double psnr, long absoluteSum, double squaredSum, double ssim) {

        public boolean identical() {
            return identicalValues == totalValues;
        }

        /** The share of identical channel values in percent, rounded down so that 100 means all of them. */
        public BigDecimal identicalPercent(int decimals) {
            return BigDecimal.valueOf(identicalValues).multiply(BigDecimal.valueOf(100))
                    .divide(BigDecimal.valueOf(totalValues), decimals, RoundingMode.DOWN);
        }

        /** The mean absolute difference of a channel value, 0 to 255. */
        public double meanAbsoluteError() {
            return (double) absoluteSum / totalValues;
        }
    }

    private ImageComparison() {
    }

    /** Compares {@code a} and {@code b}, which must have the same size and type. */
    public static Difference compare(Mat a, Mat b) {
        if (!a.size().equals(b.size()) || a.type() != b.type()) {
            throw new IllegalArgumentException("images differ in size or type: " + a + " and " + b);
        }
        try (MatScope scope = new MatScope()) {
            Mat difference = scope.mat();
            Core.absdiff(a, b, difference);
            // One channel per element, so that the count and the maximum are per channel value.
            Mat values = scope.add(difference.reshape(1));
            long total = values.total();
            long differing = Core.countNonZero(values);
            int max = (int) Core.minMaxLoc(values).maxVal;
            Scalar sums = Core.sumElems(values);
            // OpenCV adds DBL_EPSILON to the root mean square: images as far apart as can be come out a hair
            // below 0 dB, which printed as -0.00.
            double psnr = differing == 0 ? Double.POSITIVE_INFINITY : Math.max(0.0, Core.PSNR(a, b));
            double ssim = differing == 0 && Ssim.defined(a.cols(), a.rows()) ? 1.0 : Ssim.of(a, b);
            return new Difference(a.cols(), a.rows(), max, total - differing, total, psnr, (long) sums.val[0],
                    Core.norm(a, b, Core.NORM_L2SQR), ssim);
        }
    }
}
