package dev.loomy.filter;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * {@code Imgproc.medianBlur} of an 8-bit image, computed the fastest way that gives the same bits.
 *
 * <p>For Cartoon2's aperture of 15, {@link HistogramMedian} (constant time per pixel, in Java).
 * OpenCV 4.9 uses its own constant-time algorithm only from 1 MiB pixels up, and below that an
 * O(aperture) one that is twice as slow; padding a smaller image to 1 MiB pixels to get the
 * faster one still pays for 1 MiB pixels. Measured (JMH, MedianBenchmark, one thread, a 2-core
 * AMD EPYC): 4.2 ms at 640x480 against 12.2 ms for OpenCV, 4.9 against 15.4 ms at 612x612, 10.1
 * against 33.5 ms at 1024x768. A median is exact either way: the same bits.
 * Other apertures are left to OpenCV, whose small-aperture code is the faster one.
 */
final class Median {

    /** The aperture measured. */
    private static final int JAVA_APERTURE = 15;
    private static final Workspaces<HistogramMedian.Workspace> IDLE = new Workspaces<>();

    private Median() {
    }

    /**
     * The Java heap {@link #blur} holds for a {@code width x height} image ({@link
     * HistogramMedian.Workspace#bytesFor}); none where OpenCV computes it.
     */
    static long heapBytes(int width, int height, int ksize) {
        return ksize == JAVA_APERTURE ? HistogramMedian.Workspace.bytesFor(width, height, ksize) : 0;
    }

    /** The median-blurred {@code src} (8-bit, one channel), a Mat registered with {@code scope}. */
    static Mat blur(Mat src, int ksize, MatScope scope) {
        Mat dst = scope.mat();
        if (ksize != JAVA_APERTURE || src.type() != CvType.CV_8UC1) {
            Imgproc.medianBlur(src, dst, ksize);
            return dst;
        }
        // A view's rows are not contiguous: its copy is (and reads nothing around the view).
        Mat continuous = src.isContinuous() ? src : scope.add(src.clone());
        HistogramMedian.Workspace workspace = IDLE.take();
        if (workspace == null) {
            workspace = new HistogramMedian.Workspace();
        }
        try {
            // get and put copy as many values as the array holds, stopping at the end of the Mat:
            // the workspace's arrays may be longer than this image.
            continuous.get(0, 0, workspace.pixels(Math.toIntExact(continuous.total())));
            dst.create(src.rows(), src.cols(), CvType.CV_8UC1);
            dst.put(0, 0, workspace.blurPixels(src.cols(), src.rows(), ksize));
        } finally {
            IDLE.giveBack(workspace, workspace.bytes());
        }
        return dst;
    }
}
