package dev.loomy.stats;

import java.util.Arrays;

/**
 * Summary statistics of one row's counted runs (wall times, in any unit): mean, sample standard
 * deviation (n - 1 in the denominator), the 95% confidence interval of the mean by Student's t,
 * median, minimum, maximum, and how many runs are outliers by hyperfine's rule. With one run the
 * standard deviation and the interval are unknown (NaN): one run says nothing of the spread.
 *
 * <p>The values are times, never negative, so neither is their mean: the interval's lower bound is
 * clamped at 0 (Student's interval of a few spread-out runs reaches below it). Clamping only drops
 * impossible values, so the interval still covers the mean 95% of the time; its half width stays
 * Student's, {@code ciHigh - mean}.
 */
public record Sample(int n, double mean, double stddev, double ciLow, double ciHigh,
                     double median, double min, double max, int outliers) {

    /**
     * hyperfine's outlier threshold: a run whose distance from the median exceeds ten times the
     * median absolute deviation scaled to a standard deviation (MAD x 1.4826) is an outlier.
     * Robust: the outliers themselves barely move the median or the MAD.
     */
    static final double OUTLIER_THRESHOLD = 1.4826 * 10;

    public static Sample of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        int n = values.length;
        double mean = Arrays.stream(values).sum() / n;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = Statistics.median(sorted);
        if (n == 1) {
            return new Sample(1, mean, Double.NaN, Double.NaN, Double.NaN, median, sorted[0], sorted[0], 0);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double stddev = Math.sqrt(squares / (n - 1));
        double half = StudentT.critical95(n - 1) * stddev / Math.sqrt(n);
        return new Sample(n, mean, stddev, Math.max(0, mean - half), mean + half, median, sorted[0], sorted[n - 1],
                n - kept(values, median).length);
    }

    /**
     * {@code values} without the outliers by hyperfine's rule, in their order: what a comparison
     * of two rows' means is made on, since one cold or disturbed run would swamp the variance of a
     * few. At least half the values always remain (an outlier lies beyond ten MADs).
     */
    public static double[] withoutOutliers(double... values) {
        return kept(values, Statistics.median(values));
    }

    /** Half the width of Student's 95% confidence interval of the mean (NaN with one run). */
    public double ciHalfWidth() {
        return ciHigh - mean;
    }

    /** The interval's half width as a share of the mean: 0.03 is "mean ± 3%". */
    public double relativeCiHalfWidth() {
        return ciHalfWidth() / mean;
    }

    /** Whether an interval exists: at least two runs. */
    public boolean hasSpread() {
        return n >= 2;
    }

    /** {@code values} but the outliers, in their order. */
    private static double[] kept(double[] values, double median) {
        double[] deviations = Arrays.stream(values).map(v -> Math.abs(v - median)).toArray();
        // All runs but a few identical: the MAD is 0, and any other value is an outlier.
        double mad = Math.max(Statistics.median(deviations), Double.MIN_NORMAL);
        return Arrays.stream(values).filter(v -> Math.abs(v - median) / mad <= OUTLIER_THRESHOLD).toArray();
    }
}
