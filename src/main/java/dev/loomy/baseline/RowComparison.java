package dev.loomy.baseline;

import dev.loomy.stats.MeanDifference;
import dev.loomy.stats.Sample;

/**
 * One row compared with the same row of a baseline.
 *
 * @param changePct how much more images per second than the baseline, in percent: negative when slower
 *                  (a row taking twice the time is -50)
 */
public record RowComparison(RowKey key, double baselineImagesPerSec, double changePct, Verdict verdict) {

    public static RowComparison of(RowTimes now, RowTimes baseline) {
        double change = (now.imagesPerSec() - baseline.imagesPerSec()) / baseline.imagesPerSec() * 100;
        // Per image when both sides say how many they covered, as images/sec is: the same images are not
        // required, and whole runs over other counts of images would tell nothing.
        boolean perImage = now.images() > 0 && baseline.images() > 0;
        return new RowComparison(now.key(), baseline.imagesPerSec(), change, perImage
                ? verdict(now.comparableMs(), baseline.comparableMs()) : verdict(now.wallMs(), baseline.wallMs()));
    }

    /**
     * Longer times (per run, or per image) are a regression: Welch's 95% interval of the difference of the mean times,
     * each side's outlying runs left out, must lie wholly above 0 (or below, for an improvement).
     */
    static Verdict verdict(double[] now, double[] baseline) {
        if (now.length < 2 || baseline.length < 2) {
            return Verdict.UNKNOWN;
        }
        // Two runs or more keep two or more: an outlier lies many MADs out, and half the runs lie within one.
        MeanDifference d = MeanDifference.of(Sample.of(Sample.withoutOutliers(now)),
                Sample.of(Sample.withoutOutliers(baseline)));
        if (d.ciLow() > 0) {
            return Verdict.REGRESSED;
        }
        if (d.ciHigh() < 0) {
            return Verdict.IMPROVED;
        }
        return Verdict.NO_CHANGE;
    }

    /** Whether this row regressed beyond the noise and by more than {@code limitPct} percent. */
    public boolean regressedBeyond(double limitPct) {
        return verdict == Verdict.REGRESSED && -changePct > limitPct;
    }

    /** The line that names a row whose change is beyond the noise, or null when there is none. */
    public String line() {
        if (verdict != Verdict.REGRESSED && verdict != Verdict.IMPROVED) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%s: %s, %+.1f%% images/sec (%.2f against %.2f), beyond both "
                + "runs' noise", key.label(), verdict.label(), changePct, baselineImagesPerSec * (1 + changePct / 100),
                baselineImagesPerSec);
    }
}
