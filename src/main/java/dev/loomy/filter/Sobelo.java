package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Core.MinMaxLocResult;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's Sobelo: the vertical Sobel derivative of the gray image, stretched from its minimum
 * to its maximum over 0..255. The result has one channel. On a flat image the stretch divides
 * by zero, and OpenCV's conversion of the infinite and NaN factors decides the pixels, as in origami.
 */
public final class Sobelo extends CatalogueFilter {

    public static final String NAME = "Sobelo";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new Sobelo(name));

    public Sobelo() {
        this(NAME);
    }

    public Sobelo(String name) {
        super(KIND, name, "vertical-gradient relief, gray (1 channel)");
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat gray = scope.mat();
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        Mat gradient = scope.mat();
        Imgproc.Sobel(gray, gradient, CvType.CV_32F, 0, 1);
        MinMaxLocResult range = Core.minMaxLoc(gradient);
        double alpha = 255.0 / (range.maxVal - range.minVal);
        double beta = -range.minVal * 255.0 / (range.maxVal - range.minVal);
        Mat result = gray;
        gradient.convertTo(result, CvType.CV_8U, alpha, beta);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 5.3 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 6;
    }
}
