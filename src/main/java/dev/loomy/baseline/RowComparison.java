package dev.loomy.baseline;

import dev.loomy.stats.Sample;

/**
 * One row compared with the same row of a baseline.
 *
 * @param changePct how much more images per second than the baseline, in percent (negative: slower)
 */
public record RowComparison(RowKey key, double baselineImagesPerSec, double changePct, Verdict verdict) {

    public static RowComparison of(RowTimes now, RowTimes baseline) {
        double change = (now.imagesPerSec() - baseline.imagesPerSec()) / baseline.imagesPerSec() * 100;
        return new RowComparison(now.key(), baseline.imagesPerSec(), change, verdict(now.time(), baseline.time()));
    }

    /** Longer times are a regression; the intervals must be disjoint for either verdict. */
    static Verdict verdict(Sample now, Sample baseline) {
        if (now == null || baseline == null || !now.hasSpread() || !baseline.hasSpread()) {
            return Verdict.UNKNOWN;
        }
        if (now.ciLow() > baseline.ciHigh()) {
            return Verdict.REGRESSED;
        }
        if (now.ciHigh() < baseline.ciLow()) {
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
