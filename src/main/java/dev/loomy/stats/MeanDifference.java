package dev.loomy.stats;

/**
 * The difference of two samples' means, {@code a - b}, with its 95% confidence interval by Welch's
 * t: standard error sqrt(sa^2 / na + sb^2 / nb), degrees of freedom by Welch-Satterthwaite, rounded
 * down to a whole number (a slightly wider interval than the fractional one: errs towards "no
 * change"). This is the two-sided Welch t-test at 5%: the interval excludes 0 exactly when the
 * test rejects equal means. Unlike asking whether two intervals overlap, it weighs each side's
 * spread by its own number of runs, so a few noisy runs on one side do not hide a large change.
 */
public record MeanDifference(double value, double ciLow, double ciHigh) {

    /**
     * Welch's test on two rows' run times, each side's outlying runs (hyperfine's rule) left out,
     * since one cold or disturbed run would swamp the variance of a few: null when a side has
     * fewer than two runs, so that nothing can be told. Two runs or more keep two or more: an
     * outlier lies many MADs out, and half the runs lie within one.
     */
    public static MeanDifference ofRuns(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            return null;
        }
        return of(Sample.of(Sample.withoutOutliers(a)), Sample.of(Sample.withoutOutliers(b)));
    }

    /** Whether the test at 5% tells the two means apart: the interval lies wholly on one side of 0. */
    public boolean significant() {
        return ciLow > 0 || ciHigh < 0;
    }

    /** Both samples need at least two values (a spread). */
    public static MeanDifference of(Sample a, Sample b) {
        if (!a.hasSpread() || !b.hasSpread()) {
            throw new IllegalArgumentException("each sample needs at least two values");
        }
        double diff = a.mean() - b.mean();
        double va = a.stddev() * a.stddev() / a.n();
        double vb = b.stddev() * b.stddev() / b.n();
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            // Every run of each side the same: the difference is what it is.
            return new MeanDifference(diff, diff, diff);
        }
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        // df is at least the smaller side's n - 1, so never below 1 but for rounding.
        double half = StudentT.critical95(Math.max(1, (long) Math.floor(df))) * se;
        return new MeanDifference(diff, diff - half, diff + half);
    }
}
