package dev.loomy.filter;

import java.util.Arrays;

/**
 * The column pass of {@link GuidedFilter}'s normalised box filters, with OpenCV's order of
 * additions: over the row sums of {@code planes} images, one output row at a time, top to bottom.
 * It asks its source for each image row once, in order, and keeps the last few.
 */
final class BoxColumns {

    /** Where a column pass takes its row sums: those of image row {@code row}, one array per plane. */
    interface RowSource {
        void rowSums(int row, double[][] sums);
    }

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
    BoxColumns(int planes, int r, int ringRows, int cols, RowSource source) {
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
        int row = PaddedRows.reflect(virtualRow, rows);
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
