package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

import dev.loomy.ImageBenchmark;
import dev.loomy.opencv.MatScope;

/**
 * ALTMRetinex's gain step, {@code gain = Lout / Lw} (and {@code Lout} where {@code Lw} is 0),
 * two ways: per pixel with JNI {@code get}/{@code put} as origami writes it (the baseline), and
 * loomy's whole-matrix division. Setup checks that both give the same bits.
 */
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 4, time = 3)
public class GainBenchmark extends ImageBenchmark {

    @Param({"640x480", "1024x768"})
    public String size;

    private Mat lout;
    private Mat lw;
    private Mat gain;
    private Mat loutCopy;
    private Mat lwCopy;
    private boolean lwHasZeros;

    @Override
    protected void prepare() {
        Mat image = PhotoLikeImage.create(size, 7);
        Mat gray = new Mat();
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        // Lw: a luminance in 0..255 with black pixels; Lout: a smooth tone curve of it, in 0..255.
        lw = held(new Mat());
        gray.convertTo(lw, CvType.CV_32F, 0.999);
        lout = held(new Mat());
        Core.add(lw, Scalar.all(1), lout);
        Core.log(lout, lout);
        Core.normalize(lout, lout, 0, 255, Core.NORM_MINMAX);
        image.release();
        gray.release();
        lwHasZeros = Core.minMaxLoc(lw).minVal == 0;
        gain = held(new Mat(lw.size(), CvType.CV_32F));
        loutCopy = held(new Mat(lw.size(), CvType.CV_32F));
        lwCopy = held(new Mat(lw.size(), CvType.CV_32F));
        perPixel();
        Mat fast = wholeMatrix();
        Mat differs = new Mat();
        Core.compare(fast, gain, differs, Core.CMP_NE);
        int count = Core.countNonZero(differs);
        differs.release();
        if (count != 0 || !lwHasZeros) {
            throw new IllegalStateException("the two gains differ in " + count + " pixels (or Lw has no zero)");
        }
    }

    /** origami's loop: three JNI reads and one JNI write per pixel. */
    @Benchmark
    public Mat perPixel() {
        int rows = lout.rows();
        int cols = lout.cols();
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                if (lw.get(i, j)[0] == 0) {
                    gain.put(i, j, lout.get(i, j)[0]);
                } else {
                    gain.put(i, j, lout.get(i, j)[0] / lw.get(i, j)[0]);
                }
            }
        }
        return gain;
    }

    /** loomy's: one division (where Lw is 0 it becomes 1 first), on copies since it works in place. */
    @Benchmark
    public Mat wholeMatrix() {
        lout.copyTo(loutCopy);
        lw.copyTo(lwCopy);
        try (MatScope scope = new MatScope()) {
            return AltmRetinex.gain(loutCopy, lwCopy, lwHasZeros, scope);
        }
    }
}
