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
 * first. Four whole-image 64-bit buffers are enough: box filters run in place, and the chains of
 * element-wise operations run by blocks of rows (see {@link RowBlocks}).
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
        Mat meanP = scope.mat();
        Mat cov = scope.mat();
        Mat var = scope.mat();
        Mat t = scope.add(new Mat(RowBlocks.ROWS, i.cols(), CvType.CV_64F));
        Imgproc.boxFilter(i, meanI, CvType.CV_64F, box, ANCHOR, true, BORDER);
        Imgproc.boxFilter(p, meanP, CvType.CV_64F, box, ANCHOR, true, BORDER);
        Core.multiply(i, p, cov, 1, CvType.CV_64F);
        Imgproc.boxFilter(cov, cov, -1, box);
        Imgproc.sqrBoxFilter(i, var, CvType.CV_64F, box);
        RowBlocks.forEach(rows, block -> {
            Mat bMeanI = block.of(meanI);
            Mat bCov = block.of(cov);
            Mat bVar = block.of(var);
            Mat bt = block.temporary(t);
            Core.multiply(bMeanI, block.of(meanP), bt);
            Core.subtract(bCov, bt, bCov);
            Core.multiply(bMeanI, bMeanI, bt);
            Core.subtract(bVar, bt, bVar);
            Core.add(bVar, eps, bVar);
            Core.divide(bCov, bVar, bCov);
            Mat bMeanP = block.of(meanP);
            Core.multiply(bCov, bMeanI, bt);
            Core.subtract(bMeanP, bt, bMeanP);
        });
        // cov now holds a, meanP holds b.
        Mat meanA = var;
        Mat meanB = meanI;
        Imgproc.boxFilter(cov, meanA, -1, box);
        Imgproc.boxFilter(meanP, meanB, -1, box);
        if (n != 1.0) {
            Mat ns = scope.add(new Mat(i.size(), CvType.CV_64F, Scalar.all(n)));
            Core.divide(meanA, ns, meanA);
            Core.divide(meanB, ns, meanB);
        }
        q.create(i.size(), CvType.CV_32F);
        Mat noMask = scope.mat();
        RowBlocks.forEach(rows, block -> {
            Mat bt = block.temporary(t);
            Core.multiply(block.of(meanA), block.of(i), bt, 1, CvType.CV_64F);
            Core.add(bt, block.of(meanB), block.of(q), noMask, CvType.CV_32F);
        });
    }
}
