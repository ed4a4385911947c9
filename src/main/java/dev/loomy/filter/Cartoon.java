package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * origami's Cartoon: line art from the gray image (bilateral filter, box blur, adaptive mean
 * threshold), and-ed with the colour image: the image's colours where the threshold gives
 * maxValue (255 keeps them whole), black on the lines.
 */
public final class Cartoon extends CatalogueFilter {

    public static final String NAME = "Cartoon";

    /** The largest threshold block, as large as the blur's largest kernel. */
    static final int MAX_BLOCK_SIZE = 255;

    // The work grows with d^2 per pixel: 25 is already 14 times the default's.
    private static final Parameter D = Parameter.integer("d", 13, 1, 25);
    // Weights exp(-x^2 / 2 sigma^2) of 8-bit differences and of distances within d: by 1000 they are all but flat.
    private static final Parameter SIGMA_COLOR = Parameter.integer("sigmaColor", 13, 0, 1000);
    private static final Parameter SIGMA_SPACE = Parameter.integer("sigmaSpace", 7, 0, 1000);
    private static final Parameter KSIZE = Parameter.integer("ksize", 7, 1, 255);
    private static final Parameter MAX_VALUE = Parameter.real("maxValue", 255, 0, 255);
    // OpenCV's box filter holds blockSize rows as wide as the image and blockSize more: unbounded, it
    // took all the memory there was for one small image. It must be odd too.
    private static final Parameter BLOCK_SIZE = Parameter.integer("blockSize", 9, 3, MAX_BLOCK_SIZE);
    // Taken from a mean of 8-bit values: beyond 255 either way the threshold is all or nothing.
    private static final Parameter C = Parameter.integer("C", 2, -255, 255);

    static final Kind KIND = new Kind(NAME, List.of(D, SIGMA_COLOR, SIGMA_SPACE, KSIZE, MAX_VALUE, BLOCK_SIZE, C),
            (name, v) -> new Cartoon(name, v.integer(D), v.integer(SIGMA_COLOR), v.integer(SIGMA_SPACE),
                    v.integer(KSIZE), v.real(MAX_VALUE), v.integer(BLOCK_SIZE), v.integer(C)));

    private final int d;
    private final int sigmaColor;
    private final int sigmaSpace;
    private final int ksize;
    private final double maxValue;
    private final int blockSize;
    private final int c;

    public Cartoon() {
        this(NAME, D.integerDefault(), SIGMA_COLOR.integerDefault(), SIGMA_SPACE.integerDefault(), KSIZE.integerDefault(),
                MAX_VALUE.realDefault(), BLOCK_SIZE.integerDefault(), C.integerDefault());
    }

    /**
     * Each value in its parameter's range ({@link #KIND}'s parameters say which).
     *
     * @param d          the bilateral filter's diameter
     * @param sigmaColor the bilateral filter's colour sigma
     * @param sigmaSpace its space sigma
     * @param ksize      the box blur's size
     * @param maxValue   the threshold's value off the lines, and-ed with the colours (255 keeps them whole)
     * @param blockSize  the adaptive threshold's neighbourhood, odd
     * @param c          what the threshold takes from the neighbourhood's mean
     */
    public Cartoon(String name, int d, int sigmaColor, int sigmaSpace, int ksize, double maxValue, int blockSize, int c) {
        super(KIND, name, "smoothed colour with dark line art", Value.of(d), Value.of(sigmaColor), Value.of(sigmaSpace),
                Value.of(ksize), Value.of(maxValue), Value.of(blockSize), Value.of(c));
        if (blockSize % 2 == 0) {
            throw new ParameterException(NAME, BLOCK_SIZE.name(), "blockSize must be odd, " + BLOCK_SIZE.range() + ", not "
                    + blockSize);
        }
        this.d = d;
        this.sigmaColor = sigmaColor;
        this.sigmaSpace = sigmaSpace;
        this.ksize = ksize;
        this.maxValue = maxValue;
        this.blockSize = blockSize;
        this.c = c;
    }

    @Override
    protected Mat apply(Mat image, MatScope scope) {
        Mat gray = scope.mat();
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        Mat smooth = scope.mat();
        Imgproc.bilateralFilter(gray, smooth, d, sigmaColor, sigmaSpace);
        Imgproc.blur(smooth, gray, new Size(ksize, ksize));
        Imgproc.adaptiveThreshold(gray, smooth, maxValue, Imgproc.ADAPTIVE_THRESH_MEAN_C, Imgproc.THRESH_BINARY,
                blockSize, c);
        Mat mask = scope.mat();
        Imgproc.cvtColor(smooth, mask, Imgproc.COLOR_GRAY2BGR);
        Mat result = scope.mat();
        Core.bitwise_and(image, mask, result);
        return result;
    }

    /** Measured as {@link Filter#workingBytesPerPixel} says, at 2000x1500 only: 8.1 bytes a pixel over NoOp. */
    @Override
    public double workingBytesPerPixel() {
        return 9;
    }
}
