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

    /** OpenCV's BORDER_REFLECT_101 position of {@code at} in {@code 0 .. length - 1}: a pattern of period {@code 2 (length - 1)}. */
    private static int reflect(long at, int length) {
        if (length == 1) {
            return 0;
        }
        long period = 2L * length - 2;
        int m = (int) Math.floorMod(at, period);
        return m < length ? m : (int) (period - m);
    }

    /** Everything one call works in, for images up to {@code cols} wide. */
    private final class Workspace {
        private final int cols;
        private final int ringRows;
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

        Workspace(int cols, int ringRows) {
            this.cols = cols;
            this.ringRows = ringRows;
            padded = new Padded(r, cols);
            first = new ColumnPass(4, r, ringRows, cols, this::firstRowSums);
            second = new ColumnPass(2, r, ringRows, cols, this::secondRowSums);
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

        /**
         * A pass with an {@code r x r} box over images up to {@code cols} wide and, where {@code r}
         * is larger, {@code ringRows} tall: it holds {@code min(r, rows)} rows of row sums.
         */
        ColumnPass(int planes, int r, int ringRows, int cols, RowSource source) {
            this.source = source;
            this.r = r;
            this.anchor = r / 2;
            this.scale = 1.0 / (r * r);
            this.ring = new double[ringRows][planes][cols];
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
     * One row of up to four planes with reflected borders ({@code r / 2} on the left, the rest on
     * the right), and their row sums. A row sum starts over the first {@code r} values of the padded
     * row, then slides: {@code + padded[x + r] - padded[x]}. Where the borders are at most twice the
     * width, the padded row is held as it is. Beyond, it is reflections of reflections, which repeat
     * every {@code 2 (width - 1)} values: one period of them is held, and a little more, so that
     * {@code padded[x]} and {@code padded[x + r]} each lie on a stretch without a wrap; the same
     * values are added in the same order, so the sums have the same bits.
     */
    private static final class Padded {
        private final int r;
        private final int anchor;
        private double[] p0;
        private double[] p1;
        private double[] p2;
        private double[] p3;
        // The row under way: where the image's values start, where padded[0] and padded[r] lie, and
        // after how many values the start of the row sum wraps to index 0.
        private int offset;
        private int start;
        private int far;
        private int period;

        Padded(int r, int cols) {
            this.r = r;
            this.anchor = r / 2;
            allocate(length(cols));
        }

        private boolean whole(int width) {
            return r - 1 <= 2L * width;
        }

        /** The values held for a row {@code width} wide: at most three widths. */
        private int length(int width) {
            return whole(width) ? width + r - 1 : period(width) + width - 1;
        }

        private static int period(int width) {
            return Math.max(1, 2 * width - 2);
        }

        private void allocate(int length) {
            p0 = new double[length];
            p1 = new double[length];
            p2 = new double[length];
            p3 = new double[length];
        }

        long bytes() {
            return 4L * Double.BYTES * p0.length;
        }

        /** Lays out a row {@code width} wide. */
        private void prepare(int width) {
            if (p0.length < length(width)) {
                allocate(length(width));
            }
            if (whole(width)) {
                offset = anchor;
                start = 0;
                far = r;
                period = width + r - 1;
            } else {
                period = period(width);
                offset = 0;
                start = Math.floorMod(-anchor, period);
                far = Math.floorMod(r - anchor, period);
            }
        }

        /** A row of the guide and of the input: them, their product and the guide squared, widened exactly to double. */
        void fill(float[] i, float[] p, int width) {
            prepare(width);
            for (int x = 0; x < width; x++) {
                double iv = i[x];
                double pv = p[x];
                p0[offset + x] = iv;
                p1[offset + x] = pv;
                p2[offset + x] = iv * pv;
                p3[offset + x] = iv * iv;
            }
            reflectBorders(p0, width);
            reflectBorders(p1, width);
            reflectBorders(p2, width);
            reflectBorders(p3, width);
        }

        /** Two double rows. */
        void fill(double[] a, double[] b, int width) {
            prepare(width);
            System.arraycopy(a, 0, p0, offset, width);
            System.arraycopy(b, 0, p1, offset, width);
            reflectBorders(p0, width);
            reflectBorders(p1, width);
        }

        /** The values around a row whose own ({@code width} of them) are filled. */
        private void reflectBorders(double[] padded, int width) {
            if (whole(width)) {
                for (int j = 0; j < anchor; j++) {
                    padded[j] = padded[anchor + reflect(j - anchor, width)];
                }
                for (int j = anchor + width; j < width + r - 1; j++) {
                    padded[j] = padded[anchor + reflect(j - anchor, width)];
                }
            } else {
                // One period from position 0: the row, then its reflection; then the period's start again.
                for (int m = width; m < period; m++) {
                    padded[m] = padded[period - m];
                }
                System.arraycopy(padded, 0, padded, period, width - 1);
            }
        }

        /** The row sums of the four planes, in one loop: four independent chains of additions. */
        void rowSums4(double[] d0, double[] d1, double[] d2, double[] d3, int width) {
            double s0 = 0;
            double s1 = 0;
            double s2 = 0;
            double s3 = 0;
            int m = start;
            for (int j = 0; j < r; j++) {
                s0 += p0[m];
                s1 += p1[m];
                s2 += p2[m];
                s3 += p3[m];
                if (++m == period) {
                    m = 0;
                }
            }
            d0[0] = s0;
            d1[0] = s1;
            d2[0] = s2;
            d3[0] = s3;
            int behind = start;
            int ahead = far;
            for (int x = 0; x < width - 1; x++) {
                s0 += p0[ahead + x] - p0[behind + x];
                s1 += p1[ahead + x] - p1[behind + x];
                s2 += p2[ahead + x] - p2[behind + x];
                s3 += p3[ahead + x] - p3[behind + x];
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
            int m = start;
            for (int j = 0; j < r; j++) {
                s0 += p0[m];
                s1 += p1[m];
                if (++m == period) {
                    m = 0;
                }
            }
            d0[0] = s0;
            d1[0] = s1;
            int behind = start;
            int ahead = far;
            for (int x = 0; x < width - 1; x++) {
                s0 += p0[ahead + x] - p0[behind + x];
                s1 += p1[ahead + x] - p1[behind + x];
                d0[x + 1] = s0;
                d1[x + 1] = s1;
            }
        }
    }
}
