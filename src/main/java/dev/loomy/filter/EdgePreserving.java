package dev.loomy.filter;

import org.opencv.core.Mat;
import org.opencv.photo.Photo;

import dev.loomy.opencv.MatScope;

/** origami's EdgePreserving: OpenCV's {@code Photo.edgePreservingFilter}, smoothing that keeps edges. */
public final class EdgePreserving extends CatalogueFilter {

    public static final String NAME = "EdgePreserving";

    private final int flags;
    private final float sigmaS;
    private final float sigmaR;

    public EdgePreserving() {
        this(NAME, Photo.RECURS_FILTER, 60, 0.4);
    }

    /**
     * @param flags   1 for the recursive filter, 2 for normalised convolution
     * @param sigmaS  the spatial extent, in (0, 200]; used as origami's float
     * @param sigmaR  how different a colour may be and still be averaged, in (0, 1]; a float too
     */
    public EdgePreserving(String name, int flags, double sigmaS, double sigmaR) {
        super(NAME, name, "smoothed, edges kept",
                "flags", flags, "sigma_s", sigmaS, "sigma_r", sigmaR);
        this.flags = requireRange(NAME, "flags", flags, Photo.RECURS_FILTER, Photo.NORMCONV_FILTER);
        this.sigmaS = (float) requireRange(NAME, "sigma_s", sigmaS, 0, false, 200);
        this.sigmaR = (float) requireRange(NAME, "sigma_r", sigmaR, 0, false, 1);
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat result = scope.mat();
        Photo.edgePreservingFilter(image, result, flags, sigmaS, sigmaR);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 71.1 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 72;
    }
}
