package dev.loomy.baseline;

/**
 * One row's figures that a comparison needs, now or from a saved baseline.
 *
 * @param imagesPerSec images over the median run time (NaN when nothing was measured)
 * @param wallMs       the counted runs' wall times in milliseconds; empty when there were none
 * @param images       the images each run covered; 0 when not known (a baseline from elsewhere)
 */
public record RowTimes(RowKey key, double imagesPerSec, double[] wallMs, int images) {

    /** The runs' times per image when the images are known, else their whole times. */
    double[] comparableMs() {
        if (images <= 0) {
            return wallMs;
        }
        double[] perImage = new double[wallMs.length];
        for (int i = 0; i < wallMs.length; i++) {
            perImage[i] = wallMs[i] / images;
        }
        return perImage;
    }
}
