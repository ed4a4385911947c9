package dev.loomy.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.opencv.core.Core;
import org.opencv.core.Core.MinMaxLocResult;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.MatScope;

/**
 * origami's ALTMRetinex: adaptive local tone mapping (global adaptation of the luminance, a
 * local correction through a guided filter, then one gain per pixel for the three channels).
 *
 * <p>The output is bit-identical to origami's (see the golden tests), which fixes the order and
 * precision of every operation (the steps of the algorithm are numbered in the code): 32-bit float,
 * the guided filter in 64-bit, the channels scaled
 * by their luminance weights and later divided by their own maximum. Only the way to those bits
 * differs, for speed:
 * <ul>
 *   <li>the gain is one whole-matrix division (origami makes three JNI calls per pixel);</li>
 *   <li>conversions are folded into the operations that need them (a float widened to double,
 *       or a channel rounded to 8 bits before the merge, gives the same bits), and the channels
 *       are weighted through lookup tables of the very values the multiplication gives;</li>
 *   <li>the local maximum is built by doubling ({@link LocalMax}), not by an O(k) dilation;</li>
 *   <li>the guided filter runs in Java, its box filters sharing their passes, row after row,
 *       with OpenCV's own order of operations ({@link GuidedFilter});</li>
 *   <li>few whole-image buffers, reused within a call: fresh native memory costs a page fault per
 *       4 KiB, which on some machines is the largest cost of all;</li>
 *   <li>an all-black image, for which origami computes NaN everywhere and ends up black, is
 *       answered black at once.</li>
 * </ul>
 *
 * <p>Not a {@link CatalogueFilter}, whose one scoped call runs whole: it looks at the caller's stop
 * between its steps ({@link #apply(Mat, BooleanSupplier)}), which takes a fraction of a second
 * each on a large image.
 */
public final class AltmRetinex extends KindFilter {

    public static final String NAME = "ALTMRetinex";

    /** Luminance weights of the B, G and R channels. */
    private static final double[] WEIGHTS = {0.114, 0.587, 0.299};
    /**
     * Each weight times every 8-bit value, as OpenCV's multiply by a scalar gives it: in double,
     * rounded to float. A lookup through these tables gives those bits in half the time.
     */
    private static final float[][] WEIGHED = new float[3][256];

    static {
        for (int c = 0; c < 3; c++) {
            for (int v = 0; v < 256; v++) {
                WEIGHED[c][v] = (float) (v * WEIGHTS[c]);
            }
        }
    }

    private static final Parameter R = Parameter.integer("r", 10, 1, GuidedFilter.MAX_R);
    /** The variance it regularises is of values in 0..1, at most 1/4: from 100 on the filter only averages. */
    private static final Parameter EPS = Parameter.real("eps", 0.01, Double.MIN_VALUE, 100);
    /** The gain alpha runs from 1 to 1 + eta before the result is stretched to 0..255: by 1000 only its shape is left. */
    private static final Parameter ETA = Parameter.real("eta", 36.0, Double.MIN_VALUE, 1000);
    /** beta is lambda times a mean of values in 0..1, added inside a log that is stretched after: by 1000 it has converged. */
    private static final Parameter LAMBDA = Parameter.real("lambda", 10.0, Double.MIN_VALUE, 1000);
    private static final Parameter KERNEL_RATIO = Parameter.real("kernelRatio", 0.1, Double.MIN_VALUE, 1);

    static final Kind KIND = new Kind(NAME, List.of(R, EPS, ETA, LAMBDA, KERNEL_RATIO), (name, v) -> new AltmRetinex(name,
            v.integer(R), v.real(EPS), v.real(ETA), v.real(LAMBDA), v.real(KERNEL_RATIO)));

    private final double eta;
    private final double lambda;
    private final double kernelRatio;
    private final GuidedFilter guided;

    public AltmRetinex() {
        this(NAME, R.integerDefault(), EPS.realDefault(), ETA.realDefault(), LAMBDA.realDefault(),
                KERNEL_RATIO.realDefault());
    }

    /**
     * Each value in its parameter's range ({@link #KIND}'s parameters say which).
     *
     * @param r           the guided filter's box size (its boxes are r x r)
     * @param eps         the guided filter's regularisation
     * @param eta         the contrast gain's divisor of the maximum
     * @param lambda      the factor of the log-average luminance added before the log
     * @param kernelRatio the local-maximum window as a fraction of the larger side
     */
    public AltmRetinex(String name, int r, double eps, double eta, double lambda, double kernelRatio) {
        super(KIND, name, "tone mapping: shadows lifted, detail kept", Value.of(belowMaxR(r)), Value.of(eps),
                Value.of(eta), Value.of(lambda), Value.of(kernelRatio));
        this.eta = eta;
        this.lambda = lambda;
        this.kernelRatio = kernelRatio;
        this.guided = new GuidedFilter(r, eps);
    }

    /** {@code r} unless it is over {@link GuidedFilter#MAX_R}, the one limit of its range that is not a judgement: said why. */
    private static int belowMaxR(int r) {
        if (r > GuidedFilter.MAX_R) {
            throw new ParameterException(NAME, R.name(), "r must be at most " + GuidedFilter.MAX_R
                    + " (its box's normalisation 1 / (r * r) is computed in 32-bit integers), not " + r);
        }
        return r;
    }

    /** {@code value} of channel {@code c} (B, G, R) times its weight, as the lookup gives it. */
    static float weighed(int c, int value) {
        return WEIGHED[c][value];
    }

    @Override
    public Mat apply(Mat image) {
        return apply(image, () -> false);
    }

    /** Looks at {@code stop} between its numbered steps: on a large image each takes a fraction of the whole. */
    @Override
    public Mat apply(Mat image, BooleanSupplier stop) {
        Filters.requireBgr(NAME, image);
        try (MatScope scope = new MatScope()) {
            int rows = image.rows();
            int cols = image.cols();
            int pixels = rows * cols;
            List<Mat> bgr = new ArrayList<>(3);
            Core.split(image, bgr);
            bgr.forEach(scope::add);
            Mat[] weighed = new Mat[3];
            for (int c = 0; c < 3; c++) {
                weighed[c] = scope.mat(1, 256, CvType.CV_32F);
                weighed[c].put(0, 0, WEIGHED[c]);
            }
            // Two flat buffers serve as the scratch image and, shaped as needed, as LocalMax's buffers.
            int k = window(rows, cols);
            Mat first = LocalMax.buffer(rows, cols, k, scope);
            Mat second = LocalMax.buffer(rows, cols, k, scope);
            Mat work = LocalMax.shape(first, rows, cols, scope);

            // 1-2. Lw = R' + G' + B', each channel times its luminance weight, as float.
            Mat lw = scope.mat();
            Core.LUT(bgr.get(2), weighed[2], lw);
            Core.LUT(bgr.get(1), weighed[1], work);
            Core.add(lw, work, lw);
            Core.LUT(bgr.get(0), weighed[0], work);
            Core.add(lw, work, lw);
            MinMaxLocResult lwRange = Core.minMaxLoc(lw);
            if (lwRange.maxVal == 0) {
                return Mat.zeros(rows, cols, CvType.CV_8UC3);
            }

            checkpoint(stop);
            // 3. Global adaptation: Lg = log(Lw / LwAver + 1) / log(LwMax / LwAver + 1).
            Core.add(lw, new Scalar(0.001), work);
            Core.log(work, work);
            double lwAver = Math.exp(Core.sumElems(work).val[0] / pixels);
            Mat lg = scope.mat();
            Core.divide(lw, new Scalar(lwAver), lg);
            Core.add(lg, new Scalar(1.0), lg);
            Core.log(lg, lg);
            Core.divide(lg, new Scalar(Math.log(lwRange.maxVal / lwAver + 1.0)), lg);

            checkpoint(stop);
            // 4. Local adaptation: Hg, the guided filter of Lg steered by Lg's local maximum.
            LocalMax.Result local = LocalMax.rect(lg, k, first, second, scope);
            Mat hg = local.spare();
            checkpoint(stop);
            guided.apply(lg, local.max(), hg);
            checkpoint(stop);
            work = local.max();

            // 5. alpha = 1 + Lg / (max(Lg) / eta), beta = lambda * exp(mean(log(Lg + 1/255))).
            Core.add(lg, new Scalar(1.0 / 255.0), work);
            Core.log(work, work);
            double beta = Math.exp(Core.sumElems(work).val[0] / pixels) * lambda;
            Mat alpha = work;
            Core.divide(lg, new Scalar(Core.minMaxLoc(lg).maxVal / eta), alpha);
            Core.add(alpha, new Scalar(1.0), alpha);
            // 6. Lout = normalize(alpha .* log(Lg ./ Hg + beta)), in Hg's place.
            Mat lout = hg;
            Core.divide(lg, hg, lout);
            Core.add(lout, new Scalar(beta), lout);
            Core.log(lout, lout);
            Core.multiply(alpha, lout, lout);
            Core.normalize(lout, lout, 0, 255, Core.NORM_MINMAX);

            // 7-8. The gain, then each channel times the gain over its own maximum / 255, in 8 bits.
            return output(bgr, weighed, gain(lout, lw, lwRange.minVal == 0, scope), work);
        }
    }

    /** Gives up (the scope releases every buffer) once {@code stop} says so. */
    private static void checkpoint(BooleanSupplier stop) {
        if (stop.getAsBoolean()) {
            throw new CancellationException(NAME + " stopped between its steps");
        }
    }

    /** The output channels replace the input ones in {@code bgr}, which are read just before. */
    private static Mat output(List<Mat> bgr, Mat[] weighed, Mat gain, Mat work) {
        for (int c = 0; c < 3; c++) {
            Mat channel = bgr.get(c);
            Mat weighted = work;
            Core.LUT(channel, weighed[c], weighted);
            // The weighted channel is largest where the 8-bit one is: its maximum is in the table.
            double max = WEIGHED[c][(int) Core.minMaxLoc(channel).maxVal];
            Core.multiply(weighted, gain, weighted);
            Core.divide(weighted, new Scalar(max / 255.0), weighted);
            // Rounding each channel to 8 bits before merging gives the bits of merging first, at a quarter of
            // the cost. (Dividing straight into 8 bits does not: it rounds differently once in 100,000 values.)
            weighted.convertTo(channel, CvType.CV_8U);
        }
        Mat result = new Mat();
        Core.merge(bgr, result);
        return result;
    }

    /**
     * {@code Lout / Lw} where {@code Lw} is not 0, {@code Lout} where it is (black pixels), in
     * {@code Lout}'s place. Where Lw is 0 it becomes 1 first, and x / 1 is x to the bit.
     */
    static Mat gain(Mat lout, Mat lw, boolean lwHasZeros, MatScope scope) {
        if (lwHasZeros) {
            Mat zero = scope.mat();
            Core.compare(lw, Scalar.all(0), zero, Core.CMP_EQ);
            scope.setTo(lw, Scalar.all(1), zero);
        }
        Core.divide(lout, lw, lout);
        return lout;
    }

    /**
     * Measured as {@link Filter#workingBytesPerPixel} says: 23.2 bytes a pixel over NoOp at
     * 2000x1500, 23.0 at 4000x3000 (float planes and the local maximum's buffers; 47.4 and 47.9
     * while the guided filter held three whole 64-bit images).
     */
    @Override
    public double workingBytesPerPixel() {
        return 24;
    }

    /**
     * The native working set as {@link #apply} allocates it: the local maximum's two float buffers,
     * padded by a window that grows with the image's longer side ({@link LocalMax#bufferFloats});
     * the split channels, two float planes and the result, 14 bytes a pixel, 16 with what OpenCV's
     * calls allocate on the way. For a 70000x1 image's window of 7000 it is what the buffers hold,
     * not a figure per pixel times 70000.
     */
    @Override
    public long workingBytes(int width, int height) {
        long pixels = (long) width * height;
        int k = window(height, width);
        return 16 * pixels + 2L * Float.BYTES * LocalMax.bufferFloats(height, width, k);
    }

    /** The guided filter's rows of row sums, on the Java heap ({@link GuidedFilter#workingBytes}): r of them, or the image's. */
    @Override
    public long workingHeapBytes(int width, int height) {
        return guided.workingBytes(width, height);
    }

    /** The local maximum's window: a share of the longer side, at least 3. */
    private int window(int rows, int cols) {
        return (int) Math.max(3.0, Math.max(rows * kernelRatio, cols * kernelRatio));
    }
}
