package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/**
 * origami's GammaCorrection: one 256-entry lookup table for the three channels, entry i being
 * {@code (int) (pow(i / 255f, 1 / gamma) * 255)} with origami's mix of float and double. Its
 * default gamma of 0.1 raises to the power 10: a very dark picture.
 */
public final class GammaCorrection extends CatalogueFilter {

    public static final String NAME = "GammaCorrection";

    /** Above 0 and, as the float it is used as, finite. */
    private static final Parameter GAMMA = Parameter.real("gamma", 0.1, Double.MIN_VALUE, 3.4e38);

    static final Kind KIND = new Kind(NAME, List.of(GAMMA),
            (name, values) -> new GammaCorrection(name, values.real(GAMMA)));

    private final double gamma;
    private final byte[] table = new byte[256];

    public GammaCorrection() {
        this(NAME, GAMMA.realDefault());
    }

    /** @param gamma used as origami's float: the value's nearest float, above 0 */
    public GammaCorrection(String name, double gamma) {
        super(KIND, name, "gamma curve: very dark, crushed shadows", Value.of(gamma));
        this.gamma = gamma;
        float inverse = 1 / (float) gamma;
        for (int i = 0; i < 256; i++) {
            // The division in float, the power and the product in double, truncated: as origami has it.
            int entry = (int) (Math.pow(i / 255.0f, inverse) * 255);
            table[i] = (byte) Math.max(0, Math.min(255, entry));
        }
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat lut = scope.add(new Mat(1, 256, CvType.CV_8U));
        lut.put(0, 0, table);
        Mat result = scope.mat();
        Core.LUT(image, lut, result);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 3.1 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 4;
    }
}
