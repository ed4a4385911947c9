package dev.loomy.filter;

/**
 * The row pass of {@link GuidedFilter}'s normalised box filters, with OpenCV's order of additions.
 *
 * <p>One row of up to four planes with reflected borders ({@code r / 2} on the left, the rest on
 * the right), and their row sums. A row sum starts over the first {@code r} values of the padded
 * row, then slides: {@code + padded[x + r] - padded[x]}. Where the borders are at most twice the
 * width, the padded row is held as it is. Beyond, it is reflections of reflections, which repeat
 * every {@code 2 (width - 1)} values: one period of them is held, and a little more, so that
 * {@code padded[x]} and {@code padded[x + r]} each lie on a stretch without a wrap; the same
 * values are added in the same order, so the sums have the same bits.
 */
final class PaddedRows {

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

    PaddedRows(int r, int cols) {
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

    /** OpenCV's BORDER_REFLECT_101 position of {@code at} in {@code 0 .. length - 1}: a pattern of period {@code 2 (length - 1)}. */
    static int reflect(long at, int length) {
        if (length == 1) {
            return 0;
        }
        long period = 2L * length - 2;
        int m = (int) Math.floorMod(at, period);
        return m < length ? m : (int) (period - m);
    }
}
