package dev.loomy.baseline;

import dev.loomy.stats.Sample;

/**
 * One row's figures that a comparison needs, now or from a saved baseline.
 *
 * @param imagesPerSec images over the median run time (NaN when nothing was measured)
 * @param time         the counted runs' wall times in milliseconds, or null when there were none
 */
public record RowTimes(RowKey key, double imagesPerSec, Sample time) {
}
