package dev.loomy.filter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;
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

/**
 * A filter alone on the photos of a folder (decoded once, before measuring): the same photo at
 * every call, or the next one, which is what a run does. Tells a filter's cost on real content
 * and with a cold image apart from what a run adds around it. {@code -p dir=FOLDER}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class FolderFilterBenchmark {

    @Param({"/tmp/p612"})
    public String dir;

    @Param({"Cartoon2", "ALTMRetinex"})
    public String filter;

    /** {@code same}: the first photo every time; {@code next}: each photo in turn. */
    @Param({"same", "next"})
    public String order;

    private Filter selected;
    private final List<Mat> images = new ArrayList<>();
    private int next;

    @Setup
    public void setUp() throws IOException {
        OpenCv.load();
        Core.setNumThreads(1);
        selected = FilterRegistry.builtIns().require(filter);
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            for (Path file : files.sorted().toList()) {
                Mat image = Imgcodecs.imread(file.toString(), Imgcodecs.IMREAD_COLOR);
                if (image.empty()) {
                    image.release();
                } else {
                    images.add(image);
                }
            }
        }
        if (images.isEmpty()) {
            throw new IllegalStateException("no image in " + dir);
        }
    }

    @TearDown
    public void tearDown() {
        images.forEach(Mat::release);
    }

    @Benchmark
    public int apply() {
        Mat image = images.get(next);
        if (order.equals("next")) {
            next = (next + 1) % images.size();
        }
        Mat result = selected.apply(image);
        int rows = result.rows();
        Filters.releaseResult(image, result);
        return rows;
    }
}
