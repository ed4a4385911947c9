package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * The gray-scale guided filter (He et al.) exactly as origami's ALTMRetinex runs it: in 64-bit
 * float, with normalised {@code r x r} box filters (not {@code 2r+1}), default anchor and border.
 *
 * <p>It takes 32-bit float images and never converts them to 64-bit: a box filter or a product
 * with a 64-bit destination widens each float exactly, which gives the very bits of widening
 * first. Three whole-image 64-bit buffers are enough: box filters run in place, the chains of
 * element-wise operations run by blocks of rows (see {@link RowBlocks}), and {@code mean(p)} is
 * computed twice rather than kept.
 */
final class GuidedFilter {

    private static final Point ANCHOR = new Point(-1, -1);
    /** The default border, applied to the image itself even when it is a view of a larger one. */
    private static final int BORDER = Core.BORDER_DEFAULT | Core.BORDER_ISOLATED;

    private final Size box;
    private final Scalar eps;
    /**
     * What origami's {@code N = box(ones)} holds everywhere: {@code r*r} times {@code 1/(r*r)}, which
     * is exactly 1 for most {@code r} (10 included), and then dividing by it changes nothing.
     */
    private final double n;

    GuidedFilter(int r, double eps) {
        this.box = new Size(r, r);
        this.eps = Scalar.all(eps);
        this.n = (double) (r * r) * (1.0 / (r * r));
    }

    /**
     * Writes into {@code q} (32-bit float, the size of {@code i}) the guided filter of input
     * {@code p} with guide {@code i}: {@code q = mean(a) .* i + mean(b)}. {@code p} and {@code q}
     * may be views of larger images; {@code i} may not (sqrBoxFilter has no isolated border).
     */
    void apply(Mat i, Mat p, Mat q, MatScope scope) {
        int rows = i.rows();
        Mat meanI = scope.mat();
        Mat second = scope.mat();
        Mat third = scope.mat();
        Mat t = scope.mat(RowBlocks.ROWS, i.cols(), CvType.CV_64F);
        Imgproc.boxFilter(i, meanI, CvType.CV_64F, box, ANCHOR, true, BORDER);
        // cov = mean(I .* p) - meanI .* meanP, in the third buffer.
        Mat meanP = second;
        Mat cov = third;
        Imgproc.boxFilter(p, meanP, CvType.CV_64F, box, ANCHOR, true, BORDER);
        Core.multiply(i, p, cov, 1, CvType.CV_64F);
        Imgproc.boxFilter(cov, cov, -1, box);
        RowBlocks.forEach(rows, block -> {
            Mat bCov = block.of(cov);
            Mat bt = block.temporary(t);
            Core.multiply(block.of(meanI), block.of(meanP), bt);
            Core.subtract(bCov, bt, bCov);
        });
        // var = mean(I .* I) - meanI .* meanI (meanP's buffer: meanP is computed again below, the
        // same bits, which costs less than a fourth 64-bit image); a = cov ./ (var + eps).
        Mat var = second;
        Imgproc.sqrBoxFilter(i, var, CvType.CV_64F, box);
        Mat a = cov;
        RowBlocks.forEach(rows, block -> {
            Mat bMeanI = block.of(meanI);
            Mat bVar = block.of(var);
            Mat bt = block.temporary(t);
            Core.multiply(bMeanI, bMeanI, bt);
            Core.subtract(bVar, bt, bVar);
            Core.add(bVar, eps, bVar);
            Core.divide(block.of(cov), bVar, block.of(a));
        });
        // b = meanP - a .* meanI.
        Mat b = second;
        Imgproc.boxFilter(p, meanP, CvType.CV_64F, box, ANCHOR, true, BORDER);
        RowBlocks.forEach(rows, block -> {
            Mat bt = block.temporary(t);
            Core.multiply(block.of(a), block.of(meanI), bt);
            Core.subtract(block.of(meanP), bt, block.of(b));
        });
        Mat meanA = meanI;
        Mat meanB = third;
        Imgproc.boxFilter(a, meanA, -1, box);
        Imgproc.boxFilter(b, meanB, -1, box);
        // origami divides both means by N; when N is exactly 1 that changes nothing.
        Mat ns = n == 1.0 ? null : scope.add(new Mat(RowBlocks.ROWS, i.cols(), CvType.CV_64F, Scalar.all(n)));
        q.create(i.size(), CvType.CV_32F);
        Mat noMask = scope.mat();
        RowBlocks.forEach(rows, block -> {
            Mat bMeanA = block.of(meanA);
            Mat bMeanB = block.of(meanB);
            if (ns != null) {
                Core.divide(bMeanA, block.temporary(ns), bMeanA);
                Core.divide(bMeanB, block.temporary(ns), bMeanB);
            }
            Mat bt = block.temporary(t);
            Core.multiply(bMeanA, block.of(i), bt, 1, CvType.CV_64F);
            Core.add(bt, bMeanB, block.of(q), noMask, CvType.CV_32F);
        });
    }
}
