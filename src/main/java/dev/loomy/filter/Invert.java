package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/** origami's Invert: every value v becomes 255 - v, which is the bitwise NOT of an 8-bit image. */
public final class Invert extends CatalogueFilter {

    public static final String NAME = "Invert";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new Invert(name));

    public Invert() {
        this(NAME);
    }

    public Invert(String name) {
        super(KIND, name, "photographic negative");
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        // origami loops over the pixels in Java; one whole-matrix NOT gives the same bits.
        Mat inverted = scope.mat();
        Core.bitwise_not(image, inverted);
        return inverted;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 3.1 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 4;
    }
}
