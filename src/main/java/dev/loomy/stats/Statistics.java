package dev.loomy.stats;

import java.util.Arrays;

/** Order statistics over measured values: the one median of loomy's figures, percentiles, extremes. */
public final class Statistics {

    private Statistics() {
    }

    /** The median: the middle value, or the mean of the two middle values for an even count. */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** The median of whole numbers (nanoseconds, say: exact as doubles up to 2^53). */
    public static double median(long[] values) {
        return median(Arrays.stream(values).asDoubleStream().toArray());
    }

    /**
     * The {@code p}-th percentile (0 &lt; p &lt;= 100) by the nearest-rank method: the smallest
     * measured value with at least p% of the values at or below it. Always a measured value.
     */
    public static long percentile(long[] values, double p) {
        requireValues(values);
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100]: " + p);
        }
        long[] sorted = sorted(values);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    public static long min(long[] values) {
        requireValues(values);
        return Arrays.stream(values).min().getAsLong();
    }

    public static long max(long[] values) {
        requireValues(values);
        return Arrays.stream(values).max().getAsLong();
    }

    private static long[] sorted(long[] values) {
        long[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }

    private static void requireValues(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
    }
}
