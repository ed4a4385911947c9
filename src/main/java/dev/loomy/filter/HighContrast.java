package dev.loomy.filter;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's HighContrast: in 8-bit HSV, V's histogram equalised then V - 10, S times alpha
 * (saturating); back to BGR.
 */
public final class HighContrast extends CatalogueFilter {

    public static final String NAME = "HighContrast";

    /** Beyond 255 every saturation but 0 is 255 already. */
    private static final Parameter ALPHA = Parameter.real("alpha", 1.5, 0, 255);

    static final Kind KIND = new Kind(NAME, List.of(ALPHA), (name, values) -> new HighContrast(name, values.real(ALPHA)));

    private final double alpha;

    public HighContrast() {
        this(NAME, ALPHA.realDefault());
    }

    /** @param alpha the saturation's factor, 0..255 */
    public HighContrast(String name, double alpha) {
        super(KIND, name, "equalised brightness, richer colour", Value.of(alpha));
        this.alpha = alpha;
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat hsv = scope.mat();
        Imgproc.cvtColor(image, hsv, Imgproc.COLOR_BGR2HSV);
        List<Mat> channels = new ArrayList<>(3);
        Core.split(hsv, channels);
        channels.forEach(scope::add);
        Mat value = channels.get(2);
        Imgproc.equalizeHist(value, value);
        Core.multiply(channels.get(1), new Scalar(alpha), channels.get(1));
        Core.subtract(value, new Scalar(10), value);
        Core.merge(channels, hsv);
        Imgproc.cvtColor(hsv, hsv, Imgproc.COLOR_HSV2BGR);
        return hsv;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 8.8 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 9;
    }
}
