package dev.loomy.filter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

import dev.loomy.ImageBenchmark;

/**
 * A filter alone on the photos of a folder (decoded once, before measuring): the same photo at
 * every call, or the next one, which is what a run does. Tells a filter's cost on real content
 * and with a cold image apart from what a run adds around it. {@code -p dir=FOLDER}.
 */
@Warmup(iterations = 2, time = 2)
public class FolderFilterBenchmark extends ImageBenchmark {

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

    @Override
    protected void prepare() throws IOException {
        selected = FilterRegistry.builtIns().require(filter);
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            for (Path file : files.sorted().toList()) {
                Mat image = held(Imgcodecs.imread(file.toString(), Imgcodecs.IMREAD_COLOR));
                if (!image.empty()) {
                    images.add(image);
                }
            }
        }
        if (images.isEmpty()) {
            throw new IllegalStateException("no image in " + dir);
        }
    }

    @Benchmark
    public int apply() {
        Mat image = images.get(next);
        if (order.equals("next")) {
            next = (next + 1) % images.size();
        }
        return FilterBenchmark.applied(selected, image);
    }
}
