package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's Canny: OpenCV's edge detector on the colour image (each pixel's strongest channel
 * gradient, aperture 3, L1 norm), by default inverted, as three equal channels.
 */
public final class Canny extends CatalogueFilter {

    public static final String NAME = "Canny";

    private final int threshold1;
    private final int threshold2;
    private final boolean inverted;

    public Canny() {
        this(NAME, 100, 200, true);
    }

    /**
     * @param threshold1 the hysteresis's lower threshold, on the L1 gradient
     * @param threshold2 its upper threshold
     * @param inverted   black edges on white rather than white on black
     */
    public Canny(String name, int threshold1, int threshold2, boolean inverted) {
        super(NAME, name, inverted ? "black edges on white" : "white edges on black",
                "threshold1", threshold1, "threshold2", threshold2, "inverted", inverted);
        this.threshold1 = requireRange(NAME, "threshold1", threshold1, 0, Integer.MAX_VALUE);
        this.threshold2 = requireRange(NAME, "threshold2", threshold2, 0, Integer.MAX_VALUE);
        this.inverted = inverted;
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat edges = scope.mat();
        Imgproc.Canny(image, edges, threshold1, threshold2);
        if (inverted) {
            Core.bitwise_not(edges, edges);
        }
        Mat result = scope.mat();
        Imgproc.cvtColor(edges, result, Imgproc.COLOR_GRAY2BGR);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 14.3 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 15;
    }
}
