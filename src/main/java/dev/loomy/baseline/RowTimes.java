package dev.loomy.baseline;

import dev.loomy.results.RowComparison;
import dev.loomy.results.RowKey;
import dev.loomy.results.Verdict;
import dev.loomy.stats.MeanDifference;
import dev.loomy.stats.Sample;

/**
 * One row's figures that a comparison needs, now or from a saved baseline.
 *
 * @param imagesPerSec images over the median run time (NaN when nothing was measured)
 * @param wallMs       the counted runs' wall times in milliseconds; empty when there were none
 * @param images       the images each run covered; 0 when not known (a baseline from elsewhere)
 */
public record RowTimes(RowKey key, double imagesPerSec, double[] wallMs, int images) {

    /** This row compared with the same row of a baseline. */
    RowComparison against(RowTimes baseline) {
        double change = (imagesPerSec - baseline.imagesPerSec()) / baseline.imagesPerSec() * 100;
        // Per image when both sides say how many they covered, as images/sec is: the same images are not
        // required, and whole runs over other counts of images would tell nothing.
        boolean perImage = images > 0 && baseline.images() > 0;
        double[] now = perImage ? comparableMs() : wallMs;
        double[] before = perImage ? baseline.comparableMs() : baseline.wallMs();
        return new RowComparison(key, baseline.imagesPerSec(), change, verdict(now, before), changeError(now, before));
    }

    /**
     * Half the width of Welch's 95% interval of the difference of the mean times (per image where
     * known), in percent of the baseline's mean: how far the change could be noise; NaN where a side
     * has a single run.
     */
    private static double changeError(double[] now, double[] baseline) {
        MeanDifference d = MeanDifference.ofRuns(now, baseline);
        if (d == null) {
            return Double.NaN;
        }
        double mean = Sample.of(Sample.withoutOutliers(baseline)).mean();
        return mean > 0 ? (d.ciHigh() - d.ciLow()) / 2 / mean * 100 : Double.NaN;
    }

    /** The runs' times per image when the images are known, else their whole times. */
    private double[] comparableMs() {
        if (images <= 0) {
            return wallMs;
        }
        double[] perImage = new double[wallMs.length];
        for (int i = 0; i < wallMs.length; i++) {
            perImage[i] = wallMs[i] / images;
        }
        return perImage;
    }

    /**
     * Longer times (per run, or per image) are a regression: Welch's 95% interval of the difference of the mean times,
     * each side's outlying runs left out, must lie wholly above 0 (or below, for an improvement).
     */
    private static Verdict verdict(double[] now, double[] baseline) {
        MeanDifference d = MeanDifference.ofRuns(now, baseline);
        if (d == null) {
            return Verdict.UNKNOWN;
        }
        if (d.ciLow() > 0) {
            return Verdict.REGRESSED;
        }
        if (d.ciHigh() < 0) {
            return Verdict.IMPROVED;
        }
        return Verdict.NO_CHANGE;
    }
}
