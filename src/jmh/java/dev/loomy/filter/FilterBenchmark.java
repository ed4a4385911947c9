package dev.loomy.filter;

import org.opencv.core.Mat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import dev.loomy.ImageBenchmark;

/** One built-in filter applied to one photo-like image: the filter alone, no reading or writing. */
public class FilterBenchmark extends ImageBenchmark {

    @Param({"640x480", "1024x768"})
    public String size;

    @Param({"NoOp", "Cartoon2", "ALTMRetinex"})
    public String filter;

    private Filter selected;
    private Mat image;

    @Override
    protected void prepare() {
        selected = FilterRegistry.builtIns().require(filter);
        image = held(PhotoLikeImage.create(size, 42));
    }

    @Benchmark
    public int apply() {
        return applied(selected, image);
    }

    /** {@code filter} applied to {@code image}, its result released: the result's rows, for JMH to consume. */
    static int applied(Filter filter, Mat image) {
        Mat result = filter.apply(image);
        int rows = result.rows();
        Filters.releaseResult(image, result);
        return rows;
    }
}
