package dev.loomy.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.loomy.files.ImageFile;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.pipeline.Admission;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.pipeline.ImageReader;
import dev.loomy.pipeline.ImageTask;
import dev.loomy.pipeline.ImageWriter;
import dev.loomy.strategy.Strategy;

/** Measures every (strategy, filter) pair of a command, strategy by strategy, in this JVM. */
public final class Session {

    /** How each pair is measured. */
    public record Settings(int warmups, int repeats, int parallelism) {
    }

    private final Benchmark benchmark;
    private final RunControl control;
    private final Settings settings;

    public Session(Benchmark benchmark, RunControl control, Settings settings) {
        this.benchmark = benchmark;
        this.control = control;
        this.settings = settings;
    }

    /**
     * @param layout     where outputs go, or null when nothing is written
     * @param writer     null when nothing is written
     * @param admissions each filter's gate before every read ({@code --max-in-flight})
     */
    public List<Measurement> run(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images,
                                 OutputLayout layout, ImageReader reader, ImageWriter writer,
                                 Function<Filter, Admission> admissions) throws InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (Strategy strategy : strategies) {
            for (Filter filter : filters) {
                if (control.interrupted()) {
                    return measurements;
                }
                List<ImageTask> tasks = tasks(images, layout, filter, strategy);
                ImagePipeline pipeline = new ImagePipeline(reader, filter, writer, admissions.apply(filter));
                measurements.add(benchmark.measure(strategy, pipeline, tasks, settings.warmups(), settings.repeats(),
                        settings.parallelism()));
            }
        }
        return measurements;
    }

    public static List<ImageTask> tasks(List<ImageFile> images, OutputLayout layout, Filter filter, Strategy strategy) {
        List<ImageTask> tasks = new ArrayList<>(images.size());
        for (ImageFile image : images) {
            tasks.add(new ImageTask(image, layout == null ? null : layout.outputFor(image, filter.name(), strategy.name())));
        }
        return tasks;
    }
}
