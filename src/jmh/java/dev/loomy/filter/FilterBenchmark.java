package dev.loomy.filter;

import java.util.concurrent.TimeUnit;

import org.opencv.core.Core;
import org.opencv.core.Mat;
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

import dev.loomy.opencv.OpenCv;

/** One built-in filter applied to one photo-like image: the filter alone, no reading or writing. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FilterBenchmark {

    @Param({"640x480", "1024x768"})
    public String size;

    @Param({"NoOp", "Cartoon2", "ALTMRetinex"})
    public String filter;

    private Filter selected;
    private Mat image;

    @Setup
    public void setUp() {
        OpenCv.load();
        // One OpenCV thread per call, as loomy runs by default (--cv-threads=1).
        Core.setNumThreads(1);
        selected = FilterRegistry.builtIns().require(filter);
        image = PhotoLikeImage.create(size, 42);
    }

    @TearDown
    public void tearDown() {
        image.release();
    }

    @Benchmark
    public int apply() {
        Mat result = selected.apply(image);
        int rows = result.rows();
        Filters.releaseResult(image, result);
        return rows;
    }
}
