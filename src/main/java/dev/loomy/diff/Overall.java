package dev.loomy.diff;

/**
 * The figures over every compared pair at once: the channel values pooled (so that a large
 * image weighs more in the largest difference, the identical share, the mean absolute error and
 * the PSNR, as if the images were one), and the SSIM the mean of the images' SSIMs (those smaller
 * than its window left out).
 */
final class Overall {

    private int pairs;
    private int maxDifference;
    private long identicalValues;
    private long totalValues;
    private long absoluteSum;
    private double squaredSum;
    private double ssimSum;
    private int ssims;

    void add(ImageComparison.Difference d) {
        pairs++;
        maxDifference = Math.max(maxDifference, d.maxDifference());
        identicalValues += d.identicalValues();
        totalValues += d.totalValues();
        absoluteSum += d.absoluteSum();
        squaredSum += d.squaredSum();
        if (!Double.isNaN(d.ssim())) {
            ssimSum += d.ssim();
            ssims++;
        }
    }

    /** Whether a pair was compared: otherwise there are no figures. */
    boolean any() {
        return pairs > 0;
    }

    /** The pooled figures, as one image's (no width nor height); only when {@link #any}. */
    ImageComparison.Difference difference() {
        double psnr = squaredSum == 0 ? Double.POSITIVE_INFINITY
                : Math.max(0.0, 10 * Math.log10(255.0 * 255.0 * totalValues / squaredSum));
        return new ImageComparison.Difference(0, 0, maxDifference, identicalValues, totalValues, psnr, absoluteSum,
                squaredSum, ssims == 0 ? Double.NaN : ssimSum / ssims);
    }
}
