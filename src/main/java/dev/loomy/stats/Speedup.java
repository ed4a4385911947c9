package dev.loomy.stats;

/**
 * How many times faster a row is than the reference: the reference's mean time over the row's,
 * with its standard deviation propagated from both rows' relative spread (the two taken as
 * independent: error = speedup x sqrt((sd_ref / mean_ref)^2 + (sd / mean)^2)), as hyperfine
 * reports relative speed. The error is NaN when either row has a single run.
 */
public record Speedup(double value, double error) {

    public static Speedup of(Sample reference, Sample row) {
        double value = reference.mean() / row.mean();
        if (!reference.hasSpread() || !row.hasSpread()) {
            return new Speedup(value, Double.NaN);
        }
        double relRef = reference.stddev() / reference.mean();
        double relRow = row.stddev() / row.mean();
        return new Speedup(value, value * Math.sqrt(relRef * relRef + relRow * relRow));
    }
}
