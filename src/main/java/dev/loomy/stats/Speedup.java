package dev.loomy.stats;

/**
 * How many times faster a row is than the reference: the reference's median time over the row's,
 * the same median that gives each row's images/sec, so that a row with more images/sec is never
 * shown slower (a mean pulled up by one disturbed run would say otherwise). Its error is the runs'
 * standard deviation relative to that median, propagated from both rows as independent errors
 * (error = speedup x sqrt((sd_ref / median_ref)^2 + (sd / median)^2)), as hyperfine reports
 * relative speed about its centre. The error is NaN when either row has a single run.
 */
public record Speedup(double value, double error) {

    public static Speedup of(Sample reference, Sample row) {
        double value = reference.median() / row.median();
        if (!reference.hasSpread() || !row.hasSpread()) {
            return new Speedup(value, Double.NaN);
        }
        double relRef = reference.stddev() / reference.median();
        double relRow = row.stddev() / row.median();
        return new Speedup(value, value * Math.sqrt(relRef * relRef + relRow * relRow));
    }
}
