package dev.loomy.filter;

import java.util.Arrays;
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
 * reflected without repeating the edge) is a row pass and a column pass: each row's sums over
 * {@code r} columns, a running sum started at 0 then moved by {@code (incoming - outgoing)};
 * then, down each column, a running sum of the row sums, started at 0 over the first
 * {@code r - 1}, to which the incoming row is added (the mean is that times {@code 1 / r^2}) before the
 * outgoing one is taken away. OpenCV runs one box filter at a time over whole 64-bit images, each
 * running sum a chain of dependent additions. Here the four box filters of the first stage
 * ({@code I}, {@code p}, {@code I .* p}, {@code I .* I}) share one row pass, four independent
 * chains, and so do the two of the second ({@code a}, {@code b}); the second stage follows the
 * first a few rows behind, so that only {@code r} rows of row sums are held, never a whole
 * 64-bit image. The arrays a call works in are kept for the next call ({@link Workspaces}).
 */
final class GuidedFilter {

    private final int r;
    private final double eps;
    /**
     * What origami's {@code N = box(ones)} holds everywhere: {@code r*r} times {@code 1/(r*r)}, which
     * is exactly 1 for most {@code r} (10 included), and then dividing by it changes nothing.
     */
    private final double n;
    private final Workspaces<Workspace> idle = new Workspaces<>();

    GuidedFilter(int r, double eps) {
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
        Workspace workspace = idle.take();
        if (workspace == null || workspace.cols < cols) {
            workspace = new Workspace(cols);
        }
        try {
            workspace.run(i, p, q, rows, cols);
        } finally {
            idle.giveBack(workspace, workingBytes(cols));
        }
    }

    /**
     * The bytes {@link #apply} holds for an image {@code cols} wide, whatever its height: six
     * planes of row sums over {@code r} rows (the window's, from the incoming row to the outgoing
     * one), their six running sums, four padded rows and a dozen more.
     */
    long workingBytes(int cols) {
        return Double.BYTES * (6L * r + 6 + 12) * cols + 4L * Double.BYTES * (cols + r - 1);
    }

    /** OpenCV's BORDER_REFLECT_101 position of {@code at} in {@code 0 .. length - 1}. */
    private static int reflect(int at, int length) {
        if (length == 1) {
            return 0;
        }
        while (at < 0 || at >= length) {
            at = at < 0 ? -at : 2 * length - at - 2;
        }
        return at;
    }

    /** Everything one call works in, for images up to {@code cols} wide. */
    private final class Workspace {
        private final int cols;
        private final Padded padded;
        private final ColumnPass first;
        private final ColumnPass second;
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

        Workspace(int cols) {
            this.cols = cols;
            padded = new Padded(r, cols);
            first = new ColumnPass(4, r, cols, this::firstRowSums);
            second = new ColumnPass(2, r, cols, this::secondRowSums);
            firstMeans = new double[4][cols];
            secondMeans = new double[2][cols];
            a = new double[cols];
            b = new double[cols];
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

    /** Where a column pass takes its row sums: those of image row {@code row}, one array per plane. */
    private interface RowSource {
        void rowSums(int row, double[][] sums);
    }

    /**
     * The column pass over the row sums of {@code planes} images, one output row at a time, top
     * to bottom. It asks its source for each image row once, in order, and keeps the last few.
     */
    private static final class ColumnPass {
        private final RowSource source;
        /** ring[row % ringRows][plane]: the row sums of the latest image rows. */
        private final double[][][] ring;
        private final double[][] sum;
        private final int r;
        private final int anchor;
        /** A normalised box: the sum of its {@code r * r} values times this. */
        private final double scale;
        // The image under way.
        private int rows;
        private int ringRows;
        private int width;
        private int computed;
        private int next;

        /** A pass with an {@code r x r} box over images up to {@code cols} wide: it holds {@code r} rows of row sums. */
        ColumnPass(int planes, int r, int cols, RowSource source) {
            this.source = source;
            this.r = r;
            this.anchor = r / 2;
            this.scale = 1.0 / (r * r);
            this.ring = new double[r][planes][cols];
            this.sum = new double[planes][cols];
        }

        /** Ready for an image of {@code rows x width}: the running sums over its first {@code r - 1} rows (borders included). */
        void start(int rows, int width) {
            this.rows = rows;
            this.ringRows = Math.min(rows, r);
            this.width = width;
            this.computed = -1;
            this.next = 0;
            for (double[] plane : sum) {
                Arrays.fill(plane, 0, width, 0.0);
            }
        }

        /** The row sums of row {@code virtualRow}, which may lie in the border. */
        private double[][] rowSums(int virtualRow) {
            int row = reflect(virtualRow, rows);
            while (computed < row) {
                computed++;
                source.rowSums(computed, ring[computed % ringRows]);
            }
            return ring[row % ringRows];
        }

        /** Writes the next output row's box means of each plane into {@code out}. */
        void next(double[][] out) {
            if (next == 0) {
                for (int v = -anchor; v < r - 1 - anchor; v++) {
                    double[][] in = rowSums(v);
                    for (int plane = 0; plane < sum.length; plane++) {
                        add(sum[plane], in[plane], width);
                    }
                }
            }
            int y = next++;
            double[][] in = rowSums(y + r - 1 - anchor);
            double[][] gone = rowSums(y - anchor);
            for (int plane = 0; plane < sum.length; plane++) {
                slide(sum[plane], in[plane], gone[plane], out[plane], scale, width);
            }
        }

        private static void add(double[] sum, double[] in, int width) {
            for (int x = 0; x < width; x++) {
                sum[x] += in[x];
            }
        }

        private static void slide(double[] sum, double[] in, double[] gone, double[] out, double scale, int width) {
            for (int x = 0; x < width; x++) {
                double s = sum[x] + in[x];
                out[x] = s * scale;
                sum[x] = s - gone[x];
            }
        }
    }

    /**
     * One row of up to four planes, up to {@code cols} wide, with reflected borders ({@code r / 2}
     * on the left, the rest on the right), and their row sums.
     */
    private static final class Padded {
        private final int r;
        private final int anchor;
        private final double[] p0;
        private final double[] p1;
        private final double[] p2;
        private final double[] p3;

        Padded(int r, int cols) {
            this.r = r;
            this.anchor = r / 2;
            int length = cols + r - 1;
            p0 = new double[length];
            p1 = new double[length];
            p2 = new double[length];
            p3 = new double[length];
        }

        /** A row of the guide and of the input: them, their product and the guide squared, widened exactly to double. */
        void fill(float[] i, float[] p, int width) {
            for (int x = 0; x < width; x++) {
                double iv = i[x];
                double pv = p[x];
                p0[anchor + x] = iv;
                p1[anchor + x] = pv;
                p2[anchor + x] = iv * pv;
                p3[anchor + x] = iv * iv;
            }
            reflectBorders(p0, width);
            reflectBorders(p1, width);
            reflectBorders(p2, width);
            reflectBorders(p3, width);
        }

        /** Two double rows. */
        void fill(double[] a, double[] b, int width) {
            System.arraycopy(a, 0, p0, anchor, width);
            System.arraycopy(b, 0, p1, anchor, width);
            reflectBorders(p0, width);
            reflectBorders(p1, width);
        }

        /** The border columns of a padded row whose middle ({@code width} values) is filled. */
        private void reflectBorders(double[] padded, int width) {
            for (int j = 0; j < anchor; j++) {
                padded[j] = padded[anchor + reflect(j - anchor, width)];
            }
            for (int j = anchor + width; j < width + r - 1; j++) {
                padded[j] = padded[anchor + reflect(j - anchor, width)];
            }
        }

        /** The row sums of the four planes, in one loop: four independent chains of additions. */
        void rowSums4(double[] d0, double[] d1, double[] d2, double[] d3, int width) {
            double s0 = 0;
            double s1 = 0;
            double s2 = 0;
            double s3 = 0;
            for (int j = 0; j < r; j++) {
                s0 += p0[j];
                s1 += p1[j];
                s2 += p2[j];
                s3 += p3[j];
            }
            d0[0] = s0;
            d1[0] = s1;
            d2[0] = s2;
            d3[0] = s3;
            for (int x = 0; x < width - 1; x++) {
                s0 += p0[x + r] - p0[x];
                s1 += p1[x + r] - p1[x];
                s2 += p2[x + r] - p2[x];
                s3 += p3[x + r] - p3[x];
                d0[x + 1] = s0;
                d1[x + 1] = s1;
                d2[x + 1] = s2;
                d3[x + 1] = s3;
            }
        }

        /** The row sums of the first two planes. */
        void rowSums2(double[] d0, double[] d1, int width) {
            double s0 = 0;
            double s1 = 0;
            for (int j = 0; j < r; j++) {
                s0 += p0[j];
                s1 += p1[j];
            }
            d0[0] = s0;
            d1[0] = s1;
            for (int x = 0; x < width - 1; x++) {
                s0 += p0[x + r] - p0[x];
                s1 += p1[x + r] - p1[x];
                d0[x + 1] = s0;
                d1[x + 1] = s1;
            }
        }
    }
}
