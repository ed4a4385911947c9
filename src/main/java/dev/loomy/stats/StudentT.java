package dev.loomy.stats;

/**
 * The two-sided 95% critical value of Student's t distribution, t(0.975, df): the factor that
 * turns a standard error into a 95% confidence interval. Exact to nine digits for df 1 to 30 and
 * 40, 60 and 120; between those, interpolated linearly in 1/df (the usual way to read a t table,
 * within 0.001 of the exact value); beyond 120, towards the normal distribution's 1.96. The
 * degrees of freedom are whole: a sample of n runs has n - 1.
 */
public final class StudentT {

    /** t(0.975, df) for df = 1..30. */
    private static final double[] SMALL = {
        12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836,
        2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852,
        2.200985160, 2.178812830, 2.160368656, 2.144786688, 2.131449546,
        2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447,
        2.079613845, 2.073873068, 2.068657610, 2.063898562, 2.059538553,
        2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
    };
    /** Beyond 30: df and t(0.975, df); infinity is the normal quantile. */
    private static final double[] LARGE_DF = {30, 40, 60, 120, Double.POSITIVE_INFINITY};
    private static final double[] LARGE_T = {2.042272456, 2.021075390, 2.000297822, 1.979930405, 1.959963985};

    private StudentT() {
    }

    /** t(0.975, df) for df of at least 1. */
    public static double critical95(long df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1: " + df);
        }
        if (df <= SMALL.length) {
            return SMALL[(int) df - 1];
        }
        for (int i = 1; i < LARGE_DF.length; i++) {
            if (df <= LARGE_DF[i]) {
                return inverseDfInterpolation(LARGE_DF[i - 1], LARGE_T[i - 1], LARGE_DF[i], LARGE_T[i], df);
            }
        }
        return LARGE_T[LARGE_T.length - 1];
    }

    /** Linear in 1/df between two table rows (1/infinity being 0). */
    private static double inverseDfInterpolation(double df0, double t0, double df1, double t1, long df) {
        double x0 = 1 / df0;
        double x1 = 1 / df1;
        return t0 + (t1 - t0) * (1.0 / df - x0) / (x1 - x0);
    }
}
