package dev.loomy.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.loomy.admission.Admissions;
import dev.loomy.engine.Benchmark;
import dev.loomy.files.ImageFile;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.Measurement;
import dev.loomy.strategy.Strategy;

/**
 * Everything a session measures, and how: the pairs (every strategy with every filter, strategy
 * by strategy), the images, where outputs go and how often each pair runs.
 *
 * @param layout     where outputs go, or null when nothing is written
 * @param writer     null when nothing is written
 * @param admissions each filter's gate before every read ({@code --max-in-flight})
 */
public record RunPlan(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                          OutputLayout layout, ImageReader reader, ImageWriter writer,
                          int warmups, int repeats, int parallelism, Admissions admissions) {

    /** A plan whose images are admitted without limit. */
    public RunPlan(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                       OutputLayout layout, ImageReader reader, ImageWriter writer,
                       int warmups, int repeats, int parallelism) {
        this(strategies, filters, images, layout, reader, writer, warmups, repeats, parallelism, Admissions.none());
    }

    public List<Trial> pairs() {
        List<Trial> pairs = new ArrayList<>(strategies.size() * filters.size());
        for (Strategy strategy : strategies) {
            for (Filter filter : filters) {
                pairs.add(new Trial(strategy, filter));
            }
        }
        return pairs;
    }

    /** The pair with this {@link Trial#key}, if the plan has it. */
    public Optional<Trial> pair(String key) {
        return pairs().stream().filter(p -> p.key().equals(key)).findFirst();
    }

    /** Measures {@code pair} with {@code benchmark} in this JVM. */
    public Measurement measure(Benchmark benchmark, Trial pair) throws InterruptedException {
        ImagePipeline pipeline = new ImagePipeline(reader, pair.filter(), writer, admissions.of(pair.filter()));
        return benchmark.measure(pair.strategy(), pipeline, tasks(pair), warmups, repeats, parallelism);
    }

    List<ImagePaths> tasks(Trial pair) {
        List<ImagePaths> tasks = new ArrayList<>(images.size());
        for (ImageFile image : images) {
            tasks.add(new ImagePaths(image, layout == null ? null
                    : layout.outputFor(image, pair.filter().name(), pair.strategy().name())));
        }
        return tasks;
    }
}
