package dev.loomy.filter;

import org.opencv.core.Mat;
import org.opencv.photo.Photo;

import dev.loomy.opencv.MatScope;

/** origami's DetailEnhance: OpenCV's {@code Photo.detailEnhance}, crisp local contrast. */
public final class DetailEnhance extends CatalogueFilter {

    public static final String NAME = "DetailEnhance";

    private final float sigmaS;
    private final float sigmaR;

    public DetailEnhance() {
        this(NAME, 10, 0.15);
    }

    /**
     * @param sigmaS the spatial extent, in (0, 200]; used as origami's float
     * @param sigmaR how different a colour may be and still be averaged, in (0, 1]; a float too
     */
    public DetailEnhance(String name, double sigmaS, double sigmaR) {
        super(NAME, name, "crisp details, local contrast",
                "sigma_s", sigmaS, "sigma_r", sigmaR);
        this.sigmaS = (float) requireRange(NAME, "sigma_s", sigmaS, 0, false, 200);
        this.sigmaR = (float) requireRange(NAME, "sigma_r", sigmaR, 0, false, 1);
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat result = scope.mat();
        Photo.detailEnhance(image, result, sigmaS, sigmaR);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 90.7 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 91;
    }
}
