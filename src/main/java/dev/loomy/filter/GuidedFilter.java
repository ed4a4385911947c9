package dev.loomy.filter;

import org.opencv.core.CvType;
import org.opencv.core.Mat;

/**
 * The gray-scale guided filter (He et al.) exactly as origami's ALTMRetinex runs it: in 64-bit
 * float, with normalised {@code r x r} box filters (not {@code 2r+1}), default anchor and border,
 * {@code q = mean(a) .* I + mean(b)} where {@code a = cov(I, p) ./ (var(I) + eps)} and {@code b =
 * mean(p) - a .* mean(I)}, written to 32-bit float.
 *
 * <p>It runs in Java, row after row, with the very operations, in the very order, of OpenCV's
 * {@code boxFilter} and element-wise calls, so that the floats written have the bits of origami's
 * calls (the tests compare them). A normalised box filter (anchor at {@code r / 2}, borders
 * reflected without repeating the edge) is a row pass ({@link PaddedRows}) and a column pass
 * ({@link BoxColumns}): each row's sums over
 * {@code r} columns, a running sum started at 0 then moved by {@code (incoming - outgoing)};
 * then, down each column, a running sum of the row sums, started at 0 over the first
 * {@code r - 1}, to which the incoming row is added (the mean is that times {@code 1 / r^2}) before the
 * outgoing one is taken away. OpenCV runs one box filter at a time over whole 64-bit images, each
 * running sum a chain of dependent additions. Here the four box filters of the first stage
 * ({@code I}, {@code p}, {@code I .* p}, {@code I .* I}) share one row pass, four independent
 * chains, and so do the two of the second ({@code a}, {@code b}); the second stage follows the
 * first a few rows behind, so that only {@code r} rows of row sums are held, never a whole
 * 64-bit image. The arrays a call works in are kept for the next call ({@link Workspaces}).
 *
 * <p>A box larger than the image reads reflections of reflections, a pattern that repeats every
 * {@code 2 (n - 1)} values; the filter holds one period of it, and at most the image's rows of row
 * sums, so that its memory follows the image, not {@code r}. Its time still grows with {@code r}
 * (each running sum starts over {@code r} values, one addition each, as OpenCV's: the bits depend on
 * that order), linearly.
 */
final class GuidedFilter {

    /**
     * The largest box: origami's normalisation {@code 1 / (r * r)} is computed in 32-bit integers
     * (OpenCV's {@code boxFilter}, as here), and beyond this {@code r * r} overflows into a wrong,
     * even negative, scale.
     */
    static final int MAX_R = 46_340;

    private final int r;
    private final double eps;
    /**
     * What origami's {@code N = box(ones)} holds everywhere: {@code r*r} times {@code 1/(r*r)}, which
     * is exactly 1 for most {@code r} (10 included), and then dividing by it changes nothing.
     */
    private final double n;
    private final Workspaces<Workspace> idle = new Workspaces<>();

    GuidedFilter(int r, double eps) {
        if (r < 1 || r > MAX_R) {
            throw new IllegalArgumentException("the guided filter's box must be 1.." + MAX_R + ", not " + r);
        }
        this.r = r;
        this.eps = eps;
        this.n = (double) (r * r) * (1.0 / (r * r));
    }

    /**
     * Writes into {@code q} (32-bit float, the size of {@code i}) the guided filter of input
     * {@code p} with guide {@code i}, both 32-bit float and of one size. Any of them may be a view
     * of a larger image; {@code q} must not share pixels with {@code i} or {@code p} (its rows are
     * written while rows below are still to be read).
     */
    void apply(Mat i, Mat p, Mat q) {
        if (i.type() != CvType.CV_32FC1 || p.type() != CvType.CV_32FC1 || !i.size().equals(p.size())) {
            throw new IllegalArgumentException("the guided filter takes a guide and an input of one size, 32-bit float, "
                    + "one channel, not " + i + " and " + p);
        }
        int rows = i.rows();
        int cols = i.cols();
        q.create(rows, cols, CvType.CV_32F);
        int ringRows = Math.min(rows, r);
        Workspace workspace = idle.take();
        if (workspace == null || workspace.cols < cols || workspace.ringRows < ringRows) {
            // This image's size, not the larger of it and the last: a wide strip then a tall image
            // would otherwise hold rows as wide as the one and as many as the other.
            workspace = new Workspace(cols, ringRows);
        }
        try {
            workspace.run(i, p, q, rows, cols);
        } finally {
            idle.giveBack(workspace, workspace.bytes());
        }
    }

    /**
     * The Java heap {@link #apply} holds for a {@code cols x rows} image: six planes of row sums
     * over {@code min(r, rows)} rows (the window's, from the incoming row to the outgoing one, or
     * the whole image when the box is taller), their six running sums, four padded rows of at
     * most three widths, four rows of floats and a few more.
     */
    long workingBytes(int cols, int rows) {
        return Double.BYTES * (6L * Math.min(r, rows) + 6 + 12 + 4 * 3) * cols + 4L * Float.BYTES * cols;
    }

    /** Everything one call works in, for images up to {@code cols} wide. */
    private final class Workspace {
        private final int cols;
        private final int ringRows;
        private final PaddedRows padded;
        private final BoxColumns first;
        private final BoxColumns second;
        // One row each, exactly as wide as the image: Mat.get and put copy as many values as the
        // array holds, running on into the next rows.
        private float[] guide = new float[0];
        private float[] input = new float[0];
        private float[] guideRow = new float[0];
        private float[] out = new float[0];
        private final double[][] firstMeans;
        private final double[][] secondMeans;
        private final double[] a;
        private final double[] b;
        // The call under way.
        private Mat i;
        private Mat p;
        private int width;

        Workspace(int cols, int ringRows) {
            this.cols = cols;
            this.ringRows = ringRows;
            padded = new PaddedRows(r, cols);
            first = new BoxColumns(4, r, ringRows, cols, this::firstRowSums);
            second = new BoxColumns(2, r, ringRows, cols, this::secondRowSums);
            firstMeans = new double[4][cols];
            secondMeans = new double[2][cols];
            a = new double[cols];
            b = new double[cols];
        }

        /** The bytes its arrays hold. */
        long bytes() {
            return Double.BYTES * (6L * ringRows + 6 + 12) * cols + padded.bytes() + 4L * Float.BYTES * out.length;
        }

        void run(Mat i, Mat p, Mat q, int rows, int width) {
            this.i = i;
            this.p = p;
            this.width = width;
            if (out.length != width) {
                guide = new float[width];
                input = new float[width];
                guideRow = new float[width];
                out = new float[width];
            }
            try {
                first.start(rows, width);
                second.start(rows, width);
                double[] meanA = secondMeans[0];
                double[] meanB = secondMeans[1];
                for (int y = 0; y < rows; y++) {
                    second.next(secondMeans);
                    i.get(y, 0, guideRow);
                    if (n == 1.0) {
                        for (int x = 0; x < width; x++) {
                            out[x] = (float) (meanA[x] * guideRow[x] + meanB[x]);
                        }
                    } else {
                        // origami divides both means by N.
                        for (int x = 0; x < width; x++) {
                            out[x] = (float) (meanA[x] / n * guideRow[x] + meanB[x] / n);
                        }
                    }
                    q.put(y, 0, out);
                }
            } finally {
                this.i = null;
                this.p = null;
            }
        }

        /** The first stage's row sums of image row {@code row}: I, p, I .* p, I .* I. */
        private void firstRowSums(int row, double[][] sums) {
            i.get(row, 0, guide);
            p.get(row, 0, input);
            padded.fill(guide, input, width);
            padded.rowSums4(sums[0], sums[1], sums[2], sums[3], width);
        }

        /** The second stage's row sums of image row {@code row}: a and b, from the first stage's means of that row. */
        private void secondRowSums(int row, double[][] sums) {
            first.next(firstMeans);
            double[] meanI = firstMeans[0];
            double[] meanP = firstMeans[1];
            double[] corrIp = firstMeans[2];
            double[] corrII = firstMeans[3];
            for (int x = 0; x < width; x++) {
                double cov = corrIp[x] - meanI[x] * meanP[x];
                double var = corrII[x] - meanI[x] * meanI[x] + eps;
                double ax = cov / var;
                a[x] = ax;
                b[x] = meanP[x] - ax * meanI[x];
            }
            padded.fill(a, b, width);
            padded.rowSums2(sums[0], sums[1], width);
        }
    }
}
