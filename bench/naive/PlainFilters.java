import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * The filters of the naive reference: Cartoon2 and ALTMRetinex written the way the original
 * library's are (origami's, which is not on Maven Central; docs/filters.md says what each does),
 * step by step: OpenCV's medianBlur and dilate, a temporary per step, a conversion wherever a step
 * needs one, and ALTMRetinex's gain computed with three JNI calls per pixel. Its temporaries are
 * released at the end of each call, so that the collector's finalizers do not slow it down. It
 * stands for what the article's program spent per image; its bits are not meant to be exact.
 */
final class PlainFilters {

    /** This call's Mats, released when it ends. */
    private final List<Mat> made = new ArrayList<>();

    private PlainFilters() {
    }

    /** {@code image} filtered, a new Mat (or {@code image} itself for NoOp). */
    static Mat apply(String filter, Mat image) {
        PlainFilters call = new PlainFilters();
        try {
            return switch (filter) {
                case "NoOp" -> image;
                case "Cartoon2" -> call.cartoon2(image);
                case "ALTMRetinex" -> call.altmRetinex(image);
                default -> throw new IllegalArgumentException("NoOp, Cartoon2 or ALTMRetinex, not " + filter);
            };
        } finally {
            call.made.forEach(Mat::release);
        }
    }

    private Mat mat() {
        return track(new Mat());
    }

    private Mat track(Mat mat) {
        made.add(mat);
        return mat;
    }

    private Mat cartoon2(Mat image) {
        int[] levels = {10, 15, 80};
        Mat lut = track(new Mat(1, 256, CvType.CV_8UC3));
        for (int c = 0; c < 3; c++) {
            int[] table = new int[256];
            int previous = 0;
            for (int key = 0; key < 256; key = (int) (key + 256.0 / levels[c])) {
                table[key] = key;
                for (int v = previous; v < key; v++) {
                    if (table[v] == 0) {
                        table[v] = key;
                    }
                }
                previous = key;
            }
            for (int v = 0; v < 256; v++) {
                double[] entry = lut.get(0, v);
                entry[c] = table[v];
                lut.put(0, v, entry);
            }
        }
        Core.LUT(image, lut, image);
        Mat gray = mat();
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        Imgproc.medianBlur(gray, gray, 15);
        Mat edges = mat();
        Imgproc.adaptiveThreshold(gray, edges, 255, Imgproc.ADAPTIVE_THRESH_MEAN_C, Imgproc.THRESH_BINARY, 15, 2);
        Imgproc.cvtColor(edges, edges, Imgproc.COLOR_GRAY2BGR);
        Mat result = new Mat();
        Core.bitwise_and(image, edges, result);
        return result;
    }

    private Mat altmRetinex(Mat image) {
        int rows = image.rows();
        int cols = image.cols();
        Mat floats = mat();
        image.convertTo(floats, CvType.CV_32F);
        List<Mat> bgr = new ArrayList<>();
        Core.split(floats, bgr);
        bgr.forEach(this::track);
        double[] weights = {0.114, 0.587, 0.299};
        for (int c = 0; c < 3; c++) {
            Core.multiply(bgr.get(c), new Scalar(weights[c]), bgr.get(c));
        }
        Mat lw = mat();
        Core.add(bgr.get(2), bgr.get(1), lw);
        Core.add(lw, bgr.get(0), lw);
        double lwMax = Core.minMaxLoc(lw).maxVal;
        Mat logs = mat();
        Core.add(lw, new Scalar(0.001), logs);
        Core.log(logs, logs);
        double lwAver = Math.exp(Core.sumElems(logs).val[0] / (rows * cols));
        Mat lg = mat();
        Core.divide(lw, new Scalar(lwAver), lg);
        Core.add(lg, new Scalar(1.0), lg);
        Core.log(lg, lg);
        Core.divide(lg, new Scalar(Math.log(lwMax / lwAver + 1.0)), lg);
        int k = (int) Math.max(3.0, Math.max(rows * 0.1, cols * 0.1));
        Mat lmax = mat();
        Imgproc.dilate(lg, lmax, track(Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(k, k), new Point(-1, -1))));
        Mat hg = track(guided(lg, lmax, 10, 0.01));
        Mat alpha = mat();
        Core.divide(lg, new Scalar(Core.minMaxLoc(lg).maxVal / 36.0), alpha);
        Core.add(alpha, new Scalar(1.0), alpha);
        Core.add(lg, new Scalar(1.0 / 255.0), logs);
        Core.log(logs, logs);
        double beta = Math.exp(Core.sumElems(logs).val[0] / (rows * cols)) * 10.0;
        Mat lout = mat();
        Core.divide(lg, hg, lout);
        Core.add(lout, new Scalar(beta), lout);
        Core.log(lout, lout);
        Core.multiply(alpha, lout, lout);
        Core.normalize(lout, lout, 0, 255, Core.NORM_MINMAX);
        // The gain, pixel by pixel through JNI, as the original has it.
        Mat gain = track(new Mat(rows, cols, CvType.CV_32F));
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < cols; x++) {
                double l = lw.get(y, x)[0];
                double out = lout.get(y, x)[0];
                gain.put(y, x, l == 0 ? out : out / l);
            }
        }
        for (Mat channel : bgr) {
            double max = Core.minMaxLoc(channel).maxVal;
            Core.multiply(channel, gain, channel);
            Core.divide(channel, new Scalar(max / 255.0), channel);
        }
        Mat merged = mat();
        Core.merge(bgr, merged);
        Mat result = new Mat();
        merged.convertTo(result, CvType.CV_8U);
        return result;
    }

    private Mat guided(Mat lg, Mat lmax, int r, double eps) {
        Size box = new Size(r, r);
        Mat i = mat();
        Mat p = mat();
        lg.convertTo(i, CvType.CV_64F);
        lmax.convertTo(p, CvType.CV_64F);
        Mat n = mat();
        Imgproc.boxFilter(track(Mat.ones(i.size(), CvType.CV_64F)), n, -1, box);
        Mat meanI = mat();
        Mat meanP = mat();
        Mat meanIp = mat();
        Mat meanII = mat();
        Imgproc.boxFilter(i, meanI, -1, box);
        Imgproc.boxFilter(p, meanP, -1, box);
        Imgproc.boxFilter(track(i.mul(p)), meanIp, -1, box);
        Imgproc.boxFilter(track(i.mul(i)), meanII, -1, box);
        Mat cov = mat();
        Core.subtract(meanIp, track(meanI.mul(meanP)), cov);
        Mat var = mat();
        Core.subtract(meanII, track(meanI.mul(meanI)), var);
        Mat a = mat();
        Core.add(var, new Scalar(eps), a);
        Core.divide(cov, a, a);
        Mat b = mat();
        Core.subtract(meanP, track(a.mul(meanI)), b);
        Mat meanA = mat();
        Mat meanB = mat();
        Imgproc.boxFilter(a, meanA, -1, box);
        Core.divide(meanA, n, meanA);
        Imgproc.boxFilter(b, meanB, -1, box);
        Core.divide(meanB, n, meanB);
        Mat q = mat();
        Core.add(track(meanA.mul(i)), meanB, q);
        Mat q32 = new Mat();
        q.convertTo(q32, CvType.CV_32F);
        return q32;
    }
}
