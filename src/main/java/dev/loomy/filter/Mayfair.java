package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's Mayfair: in 8-bit HSV, H + 10 (saturating, not wrapped at 180: the conversion back
 * takes such hues round the circle), S times 0.8, V times 1.2; back to BGR; contrast 1.1 and
 * brightness + 10; in HSV again, S times 1.7; back to BGR. origami splits the channels for each
 * step; a per-channel scalar on the whole image gives the same values (times 1 and + 0 change nothing).
 */
public final class Mayfair extends CatalogueFilter {

    public static final String NAME = "Mayfair";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new Mayfair(name));

    public Mayfair() {
        this(NAME);
    }

    public Mayfair(String name) {
        super(KIND, name, "warm, saturated and bright");
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat work = scope.mat();
        Imgproc.cvtColor(image, work, Imgproc.COLOR_BGR2HSV);
        Core.add(work, new Scalar(10, 0, 0), work);
        Core.multiply(work, new Scalar(1, 0.8, 1.2), work);
        Imgproc.cvtColor(work, work, Imgproc.COLOR_HSV2BGR);
        work.convertTo(work, -1, 1.1, 10);
        Imgproc.cvtColor(work, work, Imgproc.COLOR_BGR2HSV);
        Core.multiply(work, new Scalar(1, 1.7, 1), work);
        Imgproc.cvtColor(work, work, Imgproc.COLOR_HSV2BGR);
        return work;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 6.1 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 7;
    }
}
