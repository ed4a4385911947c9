package dev.loomy.filter;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * The two filters written the plain way, step by step as their algorithms are described (for
 * ALTMRetinex, docs/filters.md numbers the steps): whole-image temporaries, conversions where the
 * algorithm has them, OpenCV's dilate, the guided filter's {@code N = box(ones)}. The real filters
 * must give these very bits for any parameters.
 */
final class StraightforwardFilters {

    private StraightforwardFilters() {
    }

    static Mat cartoon2(Mat image, int red, int green, int blue) {
        try (MatScope s = new MatScope()) {
            int[][] tables = {ColourLevels.table(blue), ColourLevels.table(green), ColourLevels.table(red)};
            Mat lut = s.add(new Mat(1, 256, CvType.CV_8UC3));
            for (int v = 0; v < 256; v++) {
                lut.put(0, v, tables[0][v], tables[1][v], tables[2][v]);
            }
            Mat reduced = s.mat();
            Core.LUT(image, lut, reduced);
            Mat gray = s.mat();
            Imgproc.cvtColor(reduced, gray, Imgproc.COLOR_BGR2GRAY);
            Imgproc.medianBlur(gray, gray, 15);
            Mat edges = s.mat();
            Imgproc.adaptiveThreshold(gray, edges, 255, Imgproc.ADAPTIVE_THRESH_MEAN_C, Imgproc.THRESH_BINARY, 15, 2);
            Mat edges3 = s.mat();
            Imgproc.cvtColor(edges, edges3, Imgproc.COLOR_GRAY2BGR);
            Mat result = new Mat();
            Core.bitwise_and(reduced, edges3, result);
            return result;
        }
    }

    static Mat altmRetinex(Mat image, int r, double eps, double eta, double lambda, double kernelRatio) {
        try (MatScope s = new MatScope()) {
            int rows = image.rows();
            int cols = image.cols();
            Mat floats = s.mat();
            image.convertTo(floats, CvType.CV_32F);
            List<Mat> bgr = new ArrayList<>();
            Core.split(floats, bgr);
            bgr.forEach(s::add);
            double[] weights = {0.114, 0.587, 0.299};
            for (int c = 0; c < 3; c++) {
                Core.multiply(bgr.get(c), new Scalar(weights[c]), bgr.get(c));
            }
            Mat lw = s.mat();
            Core.add(bgr.get(2), bgr.get(1), lw);
            Core.add(lw, bgr.get(0), lw);

            double lwMax = Core.minMaxLoc(lw).maxVal;
            Mat logs = s.mat();
            Core.add(lw, new Scalar(0.001), logs);
            Core.log(logs, logs);
            double lwAver = Math.exp(Core.sumElems(logs).val[0] / (rows * cols));
            Mat lg = s.mat();
            Core.divide(lw, new Scalar(lwAver), lg);
            Core.add(lg, new Scalar(1.0), lg);
            Core.log(lg, lg);
            Core.divide(lg, new Scalar(Math.log(lwMax / lwAver + 1.0)), lg);

            int k = (int) Math.max(3.0, Math.max(rows * kernelRatio, cols * kernelRatio));
            Mat lmax = s.mat();
            Imgproc.dilate(lg, lmax, s.add(Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(k, k), new Point(-1, -1))));
            Mat hg = guided(lg, lmax, r, eps, s);

            Mat alpha = s.mat();
            Core.divide(lg, new Scalar(Core.minMaxLoc(lg).maxVal / eta), alpha);
            Core.add(alpha, new Scalar(1.0), alpha);
            Core.add(lg, new Scalar(1.0 / 255.0), logs);
            Core.log(logs, logs);
            double beta = Math.exp(Core.sumElems(logs).val[0] / (rows * cols)) * lambda;
            Mat lout = s.mat();
            Core.divide(lg, hg, lout);
            Core.add(lout, new Scalar(beta), lout);
            Core.log(lout, lout);
            Mat product = s.mat();
            Core.multiply(alpha, lout, product);
            Core.normalize(product, lout, 0, 255, Core.NORM_MINMAX);

            Mat gain = s.mat();
            Core.divide(lout, lw, gain);
            Mat zero = s.mat();
            Core.compare(lw, Scalar.all(0), zero, Core.CMP_EQ);
            lout.copyTo(gain, zero);

            for (Mat channel : bgr) {
                double max = Core.minMaxLoc(channel).maxVal;
                Core.multiply(channel, gain, channel);
                Core.divide(channel, new Scalar(max / 255.0), channel);
            }
            Mat merged = s.mat();
            Core.merge(bgr, merged);
            Mat result = new Mat();
            merged.convertTo(result, CvType.CV_8U);
            return result;
        }
    }

    static Mat guided(Mat lg, Mat lmax, int r, double eps, MatScope s) {
        Size box = new Size(r, r);
        Mat i = s.mat();
        Mat p = s.mat();
        lg.convertTo(i, CvType.CV_64F);
        lmax.convertTo(p, CvType.CV_64F);
        Mat n = s.mat();
        Imgproc.boxFilter(s.add(Mat.ones(i.size(), CvType.CV_64F)), n, -1, box);
        Mat meanI = s.mat();
        Mat meanP = s.mat();
        Mat meanIp = s.mat();
        Mat meanII = s.mat();
        Imgproc.boxFilter(i, meanI, -1, box);
        Imgproc.boxFilter(p, meanP, -1, box);
        Imgproc.boxFilter(s.add(i.mul(p)), meanIp, -1, box);
        Imgproc.boxFilter(s.add(i.mul(i)), meanII, -1, box);
        Mat cov = s.mat();
        Core.subtract(meanIp, s.add(meanI.mul(meanP)), cov);
        Mat var = s.mat();
        Core.subtract(meanII, s.add(meanI.mul(meanI)), var);
        Mat a = s.mat();
        Core.add(var, new Scalar(eps), a);
        Core.divide(cov, a, a);
        Mat b = s.mat();
        Core.subtract(meanP, s.add(a.mul(meanI)), b);
        Mat meanA = s.mat();
        Mat meanB = s.mat();
        Imgproc.boxFilter(a, meanA, -1, box);
        Core.divide(meanA, n, meanA);
        Imgproc.boxFilter(b, meanB, -1, box);
        Core.divide(meanB, n, meanB);
        Mat q = s.mat();
        Core.add(s.add(meanA.mul(i)), meanB, q);
        Mat q32 = s.mat();
        q.convertTo(q32, CvType.CV_32F);
        return q32;
    }
}
