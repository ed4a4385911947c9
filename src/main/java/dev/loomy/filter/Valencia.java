package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's Valencia: in 8-bit HSV, S + 30, V - 30, H + 10 (saturating); then H normalised with
 * {@code Core.normalize}'s default L2 norm, so that its L2 norm is 150 (origami meant the range
 * 150..255): most hues become 0 or 1, a red; back to BGR.
 */
public final class Valencia extends CatalogueFilter {

    public static final String NAME = "Valencia";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new Valencia(name));

    public Valencia() {
        this(NAME);
    }

    public Valencia(String name) {
        super(KIND, name, "hue collapsed towards red, faded");
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat hsv = scope.mat();
        Imgproc.cvtColor(image, hsv, Imgproc.COLOR_BGR2HSV);
        Core.add(hsv, new Scalar(10, 30, -30), hsv);
        Mat hue = scope.mat();
        Core.extractChannel(hsv, hue, 0);
        Core.normalize(hue, hue, 150, 255);
        Core.insertChannel(hue, hsv, 0);
        Imgproc.cvtColor(hsv, hsv, Imgproc.COLOR_HSV2BGR);
        return hsv;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 7.4 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 8;
    }
}
