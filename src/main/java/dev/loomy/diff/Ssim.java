package dev.loomy.diff;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * The structural similarity of two images (Wang, Bovik, Sheikh and Simoncelli, 2004): the mean,
 * over every 11x11 window that lies wholly inside the image, of the windows' SSIM, each window
 * weighted by a Gaussian of sigma 1.5, with K1 = 0.01, K2 = 0.03 and L = 255, population
 * (not sample) variances. Computed per channel, on the 8-bit values as they are (no conversion
 * to luma), and the channels' means averaged: what scikit-image's {@code structural_similarity}
 * gives with {@code gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
 * data_range=255, channel_axis=-1}.
 */
public final class Ssim {

    /** The window's half width: 11x11, as in the paper. */
    static final int RADIUS = 5;
    static final double SIGMA = 1.5;
    private static final double C1 = Math.pow(0.01 * 255, 2);
    private static final double C2 = Math.pow(0.03 * 255, 2);
    /** About how many pixels a strip holds: the work buffers, a dozen of doubles per pixel, stay near 100 MB. */
    private static final int STRIP_PIXELS = 1 << 20;

    private Ssim() {
    }

    /** Whether an image of this size has a whole window, and so an SSIM. */
    public static boolean defined(int width, int height) {
        return width > 2 * RADIUS && height > 2 * RADIUS;
    }

    /**
     * The SSIM of {@code a} and {@code b}, 8-bit images of the same size and channels: 1 when they
     * are the same, less the further apart; NaN when smaller than one window (see {@link #defined}).
     */
    public static double of(Mat a, Mat b) {
        return of(a, b, STRIP_PIXELS);
    }

    /** As {@link #of(Mat, Mat)}, with strips of about {@code stripPixels} pixels. */
    static double of(Mat a, Mat b, int stripPixels) {
        if (!defined(a.cols(), a.rows())) {
            return Double.NaN;
        }
        // Only windows wholly inside count, so that a strip with RADIUS rows of margin on each side gives
        // exactly the whole image's values for its rows: memory stays bounded for any image.
        int inner = a.rows() - 2 * RADIUS;
        int strip = Math.max(1, stripPixels / a.cols());
        double sum = 0;
        for (int first = 0; first < inner; first += strip) {
            int rows = Math.min(strip, inner - first);
            try (MatScope scope = new MatScope()) {
                sum += sumOver(scope.rowRange(a, first, first + rows + 2 * RADIUS),
                        scope.rowRange(b, first, first + rows + 2 * RADIUS), scope);
            }
        }
        return sum / ((double) inner * (a.cols() - 2 * RADIUS) * a.channels());
    }

    /** The sum of the window SSIMs, every channel, over the rows of {@code a} that are RADIUS from its edges. */
    private static double sumOver(Mat a, Mat b, MatScope scope) {
        Mat x = scope.mat();
        Mat y = scope.mat();
        a.convertTo(x, CvType.CV_64F);
        b.convertTo(y, CvType.CV_64F);
        Mat muX = blurred(x, scope);
        Mat muY = blurred(y, scope);
        Mat xx = blurred(product(x, x, scope), scope);
        Mat yy = blurred(product(y, y, scope), scope);
        Mat xy = blurred(product(x, y, scope), scope);
        muX = inside(muX, scope);
        muY = inside(muY, scope);
        xx = inside(xx, scope);
        yy = inside(yy, scope);
        xy = inside(xy, scope);

        Mat muXX = product(muX, muX, scope);
        Mat muYY = product(muY, muY, scope);
        Mat muXY = product(muX, muY, scope);
        // (2 muX muY + C1)(2 covXY + C2) / ((muX^2 + muY^2 + C1)(varX + varY + C2)), var = E[x^2] - mu^2.
        Mat numerator = product(affine(muXY, 2, C1, scope), affine(difference(xy, muXY, scope), 2, C2, scope), scope);
        Mat means = affine(sum(muXX, muYY, scope), 1, C1, scope);
        Mat variances = affine(difference(sum(xx, yy, scope), sum(muXX, muYY, scope), scope), 1, C2, scope);
        Mat map = scope.mat();
        Core.divide(numerator, product(means, variances, scope), map);
        Scalar sums = Core.sumElems(map);
        double total = 0;
        for (int channel = 0; channel < a.channels(); channel++) {
            total += sums.val[channel];
        }
        return total;
    }

    /** The part of {@code m} at least RADIUS from every edge: where whole windows lie. */
    private static Mat inside(Mat m, MatScope scope) {
        return scope.colRange(scope.rowRange(m, RADIUS, m.rows() - RADIUS), RADIUS, m.cols() - RADIUS);
    }

    private static Mat blurred(Mat image, MatScope scope) {
        Mat result = scope.mat();
        // The border mode does not matter: only windows wholly inside are kept.
        Imgproc.GaussianBlur(image, result, new Size(2 * RADIUS + 1, 2 * RADIUS + 1), SIGMA, SIGMA,
                Core.BORDER_REFLECT);
        return result;
    }

    private static Mat product(Mat p, Mat q, MatScope scope) {
        Mat result = scope.mat();
        Core.multiply(p, q, result);
        return result;
    }

    private static Mat sum(Mat p, Mat q, MatScope scope) {
        Mat result = scope.mat();
        Core.add(p, q, result);
        return result;
    }

    private static Mat difference(Mat p, Mat q, MatScope scope) {
        Mat result = scope.mat();
        Core.subtract(p, q, result);
        return result;
    }

    /** {@code scale * m + offset}, every channel. */
    private static Mat affine(Mat m, double scale, double offset, MatScope scope) {
        Mat result = scope.mat();
        m.convertTo(result, CvType.CV_64F, scale, offset);
        return result;
    }
}
