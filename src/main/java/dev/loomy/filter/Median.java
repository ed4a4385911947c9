package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * {@code Imgproc.medianBlur} of an 8-bit image, computed the fastest way that gives the same bits.
 *
 * <p>OpenCV 4.9 has two exact median algorithms for 8-bit images and picks one by image size:
 * below 1 MiB pixels it uses the O(ksize) histogram one for apertures up to 15, although for an
 * aperture of 15 its constant-time one is faster from about 0.36 megapixels up, and twice as
 * fast at 1024x768 (measured: 12.8 against 26 ms). Both give the exact median, so for such
 * images the input is padded to 1 MiB pixels (replicated edges, which is medianBlur's own
 * border) and the result is read back from the padded one's interior.
 */
final class Median {

    /** The aperture measured; smaller ones favour the O(ksize) algorithm longer. */
    private static final int PADDED_APERTURE = 15;
    /** Below this many pixels, the padding costs more than the faster algorithm saves. */
    private static final long PAD_FROM_PIXELS = 360_000;
    private static final long FAST_FROM_PIXELS = 1L << 20;

    private Median() {
    }

    /** The median-blurred {@code src} (8-bit, one channel), a Mat registered with {@code scope}. */
    static Mat blur(Mat src, int ksize, MatScope scope) {
        Mat dst = scope.mat();
        long pixels = src.total();
        if (ksize != PADDED_APERTURE || pixels < PAD_FROM_PIXELS || pixels >= FAST_FROM_PIXELS) {
            Imgproc.medianBlur(src, dst, ksize);
            return dst;
        }
        int half = ksize / 2;
        int width = src.cols() + 2 * half;
        int height = Math.max(src.rows() + 2 * half, (int) ((FAST_FROM_PIXELS + width - 1) / width));
        Mat padded = scope.mat();
        Core.copyMakeBorder(src, padded, half, height - src.rows() - half, half, half,
                Core.BORDER_REPLICATE | Core.BORDER_ISOLATED);
        Imgproc.medianBlur(padded, dst, ksize);
        return scope.add(dst.submat(half, half + src.rows(), half, half + src.cols()));
    }
}
