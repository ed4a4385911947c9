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
 * overlapping power-of-two windows. Two buffers, used in turn, hold everything.
 */
final class LocalMax {

    /** The local maximum and a free image of the same size, both views of this class's buffers. */
    record Result(Mat max, Mat spare) {
    }

    /** -infinity beyond the edges, never the pixels beside a view (BORDER_ISOLATED). */
    private static final int PAD = Core.BORDER_CONSTANT | Core.BORDER_ISOLATED;

    private LocalMax() {
    }

    /** The maximum of {@code src} (float, one channel) over a {@code k x k} window. */
    static Result rect(Mat src, int k, MatScope scope) {
        int rows = src.rows();
        int cols = src.cols();
        Mat first = scope.add(new Mat(rows + k - 1, cols + k - 1, CvType.CV_32F));
        Mat second = scope.add(new Mat(rows + k - 1, cols + k - 1, CvType.CV_32F));
        Mat rowsDone = along(src, k, true, first, second, scope);
        Mat other = rowsDone == first ? second : first;
        Mat done = along(view(rowsDone, rows, cols, scope), k, false, other, rowsDone, scope);
        Mat spare = done == first ? second : first;
        return new Result(view(done, rows, cols, scope), view(spare, rows, cols, scope));
    }

    /**
     * The maximum over {@code k} neighbours along the rows ({@code horizontal}) or the columns,
     * padded into {@code into}, then worked on in turn with {@code spare}. Returns the buffer
     * whose top-left part holds it.
     */
    private static Mat along(Mat src, int k, boolean horizontal, Mat into, Mat spare, MatScope scope) {
        int before = k / 2;
        int after = k - 1 - before;
        int n = horizontal ? src.cols() : src.rows();
        int length = n + k - 1;
        Mat window = into;
        Scalar minusInfinity = Scalar.all(Double.NEGATIVE_INFINITY);
        if (horizontal) {
            Core.copyMakeBorder(src, view(window, src.rows(), length, scope), 0, 0, before, after, PAD, minusInfinity);
        } else {
            Core.copyMakeBorder(src, view(window, length, src.cols(), scope), before, after, 0, 0, PAD, minusInfinity);
        }
        int width = 1;
        // window[x] holds the maximum of the padded line's [x, x + width - 1], for x in 0 .. length - width.
        for (; 2 * width <= k; width *= 2) {
            int count = length - 2 * width + 1;
            Core.max(range(window, 0, count, horizontal, src, scope), range(window, width, count, horizontal, src, scope),
                    range(spare, 0, count, horizontal, src, scope));
            Mat next = spare;
            spare = window;
            window = next;
        }
        Core.max(range(window, 0, n, horizontal, src, scope), range(window, k - width, n, horizontal, src, scope),
                range(spare, 0, n, horizontal, src, scope));
        return spare;
    }

    /** {@code count} lines from {@code start} along the direction, as wide as {@code src} across it. */
    private static Mat range(Mat buffer, int start, int count, boolean horizontal, Mat src, MatScope scope) {
        return scope.add(horizontal
                ? buffer.submat(0, src.rows(), start, start + count)
                : buffer.submat(start, start + count, 0, src.cols()));
    }

    private static Mat view(Mat buffer, int rows, int cols, MatScope scope) {
        return scope.add(buffer.submat(0, rows, 0, cols));
    }
}
