package dev.loomy.baseline;

/**
 * One row's figures that a comparison needs, now or from a saved baseline.
 *
 * @param imagesPerSec images over the median run time (NaN when nothing was measured)
 * @param wallMs       the counted runs' wall times in milliseconds; empty when there were none
 */
public record RowTimes(RowKey key, double imagesPerSec, double[] wallMs) {
}
