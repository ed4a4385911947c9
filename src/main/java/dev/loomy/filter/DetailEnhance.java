package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Mat;
import org.opencv.photo.Photo;

import dev.loomy.opencv.MatScope;

/** origami's DetailEnhance: OpenCV's {@code Photo.detailEnhance}, crisp local contrast. */
public final class DetailEnhance extends CatalogueFilter {

    public static final String NAME = "DetailEnhance";

    /** The spatial extent, as OpenCV's photo module takes it (its edge-preserving filter's too). */
    static final Parameter SIGMA_S = Parameter.real("sigma_s", 10, Double.MIN_VALUE, 200);
    /** How different a colour may be and still be averaged, as OpenCV's photo module takes it. */
    static final Parameter SIGMA_R = Parameter.real("sigma_r", 0.15, Double.MIN_VALUE, 1);

    static final Kind KIND = new Kind(NAME, List.of(SIGMA_S, SIGMA_R),
            (name, values) -> new DetailEnhance(name, values.real(SIGMA_S), values.real(SIGMA_R)));

    private final float sigmaS;
    private final float sigmaR;

    public DetailEnhance() {
        this(NAME, SIGMA_S.realDefault(), SIGMA_R.realDefault());
    }

    /**
     * @param sigmaS the spatial extent, in (0, 200]; used as origami's float
     * @param sigmaR how different a colour may be and still be averaged, in (0, 1]; a float too
     */
    public DetailEnhance(String name, double sigmaS, double sigmaR) {
        super(KIND, name, "crisp details, local contrast", Value.of(sigmaS), Value.of(sigmaR));
        this.sigmaS = (float) sigmaS;
        this.sigmaR = (float) sigmaR;
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
