package dev.loomy.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.loomy.files.ImageFile;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.pipeline.Admissions;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.pipeline.ImageReader;
import dev.loomy.pipeline.ImageTask;
import dev.loomy.pipeline.ImageWriter;
import dev.loomy.strategy.Strategy;

/**
 * Everything a session measures, and how: the pairs (every strategy with every filter, strategy
 * by strategy), the images, where outputs go and how often each pair runs.
 *
 * @param layout     where outputs go, or null when nothing is written
 * @param writer     null when nothing is written
 * @param admissions each filter's gate before every read ({@code --max-in-flight})
 * @param settings   automatic run counts and profilers
 */
public record SessionPlan(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                          OutputLayout layout, ImageReader reader, ImageWriter writer,
                          int warmups, int repeats, int parallelism, Admissions admissions, MeasureSettings settings) {

    /** A plan with a fixed number of runs and no profiler. */
    public SessionPlan(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                       OutputLayout layout, ImageReader reader, ImageWriter writer,
                       int warmups, int repeats, int parallelism, Admissions admissions) {
        this(strategies, filters, images, layout, reader, writer, warmups, repeats, parallelism, admissions,
                MeasureSettings.DEFAULT);
    }

    /** A plan whose images are admitted without limit. */
    public SessionPlan(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                       OutputLayout layout, ImageReader reader, ImageWriter writer,
                       int warmups, int repeats, int parallelism) {
        this(strategies, filters, images, layout, reader, writer, warmups, repeats, parallelism, Admissions.none());
    }

    public List<Pair> pairs() {
        List<Pair> pairs = new ArrayList<>(strategies.size() * filters.size());
        for (Strategy strategy : strategies) {
            for (Filter filter : filters) {
                pairs.add(new Pair(strategy, filter));
            }
        }
        return pairs;
    }

    /** The pair with this {@link Pair#key}, if the plan has it. */
    public Optional<Pair> pair(String key) {
        return pairs().stream().filter(p -> p.key().equals(key)).findFirst();
    }

    /** Measures {@code pair} with {@code benchmark} in this JVM. */
    Measurement measure(Benchmark benchmark, Pair pair) throws InterruptedException {
        ImagePipeline pipeline = new ImagePipeline(reader, pair.filter(), writer, admissions.of(pair.filter()));
        return benchmark.measure(pair.strategy(), pipeline, tasks(pair), warmups, repeats, parallelism, settings,
                settings.jfrFile(pair));
    }

    List<ImageTask> tasks(Pair pair) {
        List<ImageTask> tasks = new ArrayList<>(images.size());
        for (ImageFile image : images) {
            tasks.add(new ImageTask(image, layout == null ? null
                    : layout.outputFor(image, pair.filter().name(), pair.strategy().name())));
        }
        return tasks;
    }
}
