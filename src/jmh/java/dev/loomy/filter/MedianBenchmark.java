package dev.loomy.filter;

import java.util.concurrent.TimeUnit;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

/**
 * Cartoon2's median blur (aperture 15) of a photo-like gray image: OpenCV's {@code medianBlur}
 * as it chooses its algorithm by size, and loomy's {@link Median}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MedianBenchmark {

    @Param({"640x480", "1024x768"})
    public String size;

    private Mat gray;

    @Setup
    public void setUp() {
        OpenCv.load();
        Core.setNumThreads(1);
        Mat image = PhotoLikeImage.create(size, 42);
        gray = new Mat();
        Imgproc.cvtColor(image, gray, Imgproc.COLOR_BGR2GRAY);
        image.release();
    }

    @TearDown
    public void tearDown() {
        gray.release();
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
