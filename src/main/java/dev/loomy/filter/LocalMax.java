package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.MatScope;

/**
 * {@code Imgproc.dilate} of a one-channel float image by a {@code k x k} rectangle (centred
 * anchor, the default border), in O(log k) whole-matrix maximum operations per direction.
 *
 * <p>A maximum is exact, so any way of computing it gives the same bits. OpenCV's dilation
 * costs O(k) per pixel; here the rows (then the columns) are padded with -infinity, maxima over
 * windows of 2, 4, 8, ... are built by doubling, and a k-window is the maximum of two
 * overlapping power-of-two windows. Two flat buffers, taken in turn and shaped for each pass,
 * hold everything.
 */
final class LocalMax {

    /** -infinity beyond the edges, never the pixels beside a view (BORDER_ISOLATED). */
    private static final int PAD = Core.BORDER_CONSTANT | Core.BORDER_ISOLATED;

    /** The local maximum and a free image of the same size: continuous views of the two buffers. */
    record Result(Mat max, Mat spare) {
    }

    private LocalMax() {
    }

    /** A flat float buffer big enough for either pass over a {@code rows x cols} image, window {@code k}. */
    static Mat buffer(int rows, int cols, int k, MatScope scope) {
        return scope.mat(1, Math.toIntExact(bufferFloats(rows, cols, k)), CvType.CV_32F);
    }

    /** The floats of one {@link #buffer}: the larger of the two passes' padded images. */
    static long bufferFloats(int rows, int cols, int k) {
        return Math.max((long) rows * (cols + span(k, cols) - 1), (long) (rows + span(k, rows) - 1) * cols);
    }

    /**
     * The window actually needed along lines of {@code n} pixels: {@code k}, or less where it
     * reaches past both ends of the line from every pixel (a 70000x1 image's window is 7000 high),
     * which gives the same maxima: beyond the line there is only -infinity.
     */
    static int span(int k, int n) {
        return before(k, n) + after(k, n) + 1;
    }

    private static int before(int k, int n) {
        return Math.min(k / 2, n - 1);
    }

    private static int after(int k, int n) {
        return Math.min(k - 1 - k / 2, n - 1);
    }

    /** The first {@code rows x cols} floats of a flat buffer, as a continuous image. */
    static Mat shape(Mat buffer, int rows, int cols, MatScope scope) {
        return scope.reshape(scope.colRange(buffer, 0, rows * cols), 1, rows);
    }

    /** The maximum of {@code src} (float, one channel) over a {@code k x k} window, in two {@link #buffer}s. */
    static Result rect(Mat src, int k, Mat first, Mat second, MatScope scope) {
        int rows = src.rows();
        int cols = src.cols();
        Mat[] buffers = {first, second};
        int across = along(src, k, true, buffers, 0, scope);
        Mat rowsDone = range(shape(buffers[across], rows, cols + span(k, cols) - 1, scope), 0, cols, true, scope);
        int done = along(rowsDone, k, false, buffers, 1 - across, scope);
        return new Result(shape(buffers[done], rows, cols, scope), shape(buffers[1 - done], rows, cols, scope));
    }

    /**
     * The maximum over {@code k} neighbours along the rows ({@code horizontal}) or the columns:
     * {@code src} padded into buffer {@code into}, then worked on with the other buffer in turn.
     * Returns the index of the buffer whose first lines hold it.
     */
    private static int along(Mat src, int k, boolean horizontal, Mat[] buffers, int into, MatScope scope) {
        int rows = src.rows();
        int cols = src.cols();
        int n = horizontal ? cols : rows;
        int before = before(k, n);
        int after = after(k, n);
        k = before + after + 1;
        int length = n + k - 1;
        int shapeRows = horizontal ? rows : length;
        int shapeCols = horizontal ? length : cols;
        Mat window = shape(buffers[into], shapeRows, shapeCols, scope);
        Mat spare = shape(buffers[1 - into], shapeRows, shapeCols, scope);
        Scalar minusInfinity = Scalar.all(Double.NEGATIVE_INFINITY);
        if (horizontal) {
            Core.copyMakeBorder(src, window, 0, 0, before, after, PAD, minusInfinity);
        } else {
            Core.copyMakeBorder(src, window, before, after, 0, 0, PAD, minusInfinity);
        }
        int current = into;
        int width = 1;
        // window[x] holds the maximum of the padded line's [x, x + width - 1], for x in 0 .. length - width.
        for (; 2 * width <= k; width *= 2) {
            int count = length - 2 * width + 1;
            Core.max(range(window, 0, count, horizontal, scope), range(window, width, count, horizontal, scope),
                    range(spare, 0, count, horizontal, scope));
            Mat next = spare;
            spare = window;
            window = next;
            current = 1 - current;
        }
        Core.max(range(window, 0, n, horizontal, scope), range(window, k - width, n, horizontal, scope),
                range(spare, 0, n, horizontal, scope));
        return 1 - current;
    }

    /** {@code count} lines from {@code start} along the direction. */
    private static Mat range(Mat image, int start, int count, boolean horizontal, MatScope scope) {
        return horizontal ? scope.colRange(image, start, start + count) : scope.rowRange(image, start, start + count);
    }
}
