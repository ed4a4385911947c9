package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/** origami's Lark: in 8-bit Lab, L + 5, a - 10, b - 5 (saturating); back to BGR. */
public final class Lark extends CatalogueFilter {

    public static final String NAME = "Lark";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new Lark(name));

    public Lark() {
        this(NAME);
    }

    public Lark(String name) {
        super(KIND, name, "slightly brighter and cooler");
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat lab = scope.mat();
        Imgproc.cvtColor(image, lab, Imgproc.COLOR_BGR2Lab);
        // One call on the three channels: origami splits them and adds to each alone, to the same bits.
        Core.add(lab, new Scalar(5, -10, -5), lab);
        Imgproc.cvtColor(lab, lab, Imgproc.COLOR_Lab2BGR);
        return lab;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 6.3 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 7;
    }
}
