package dev.loomy.results;

import java.util.Locale;

/**
 * One row compared with the same row of a baseline.
 *
 * @param changePct how much more images per second than the baseline, in percent: negative when slower
 *                  (a row taking twice the time is -50)
 * @param changeErrorPct half the width of Welch's 95% interval of the difference of the mean times per
 *                       image, in percent of the baseline's mean time: the change's margin of noise;
 *                       NaN where a side has a single run
 */
public record RowComparison(RowKey key, double baselineImagesPerSec, double changePct, Verdict verdict,
                            double changeErrorPct) {

    /** A comparison whose interval is not known (results saved before it was). */
    public RowComparison(RowKey key, double baselineImagesPerSec, double changePct, Verdict verdict) {
        this(key, baselineImagesPerSec, changePct, verdict, Double.NaN);
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
        return String.format(Locale.ROOT, "%s: %s, %+.1f%% images/sec (%.2f against %.2f), beyond both "
                + "runs' noise", key.label(), verdict.label(), changePct, baselineImagesPerSec * (1 + changePct / 100),
                baselineImagesPerSec);
    }
}
