package dev.loomy.filter;

import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import dev.loomy.ImageBenchmark;
import dev.loomy.opencv.MatScope;

/**
 * Cartoon2's median blur (aperture 15) of a photo-like gray image: OpenCV's {@code medianBlur}
 * as it chooses its algorithm by size, and loomy's {@link Median}.
 */
public class MedianBenchmark extends ImageBenchmark {

    @Param({"640x480", "1024x768"})
    public String size;

    private Mat gray;

    @Override
    protected void prepare() {
        Mat image = PhotoLikeImage.create(size, 42);
        gray = held(new Mat());
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        image.release();
    }

    @Benchmark
    public int openCv() {
        Mat dst = new Mat();
        Imgproc.medianBlur(gray, dst, 15);
        int rows = dst.rows();
        dst.release();
        return rows;
    }

    @Benchmark
    public int loomy() {
        try (MatScope scope = new MatScope()) {
            return Median.blur(gray, 15, scope).rows();
        }
    }
}
