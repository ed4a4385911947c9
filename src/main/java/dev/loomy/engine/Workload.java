package dev.loomy.engine;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.loomy.admission.Admissions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.OneWriter;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.run.MeasureSettings;
import dev.loomy.results.Measurement;
import dev.loomy.run.Execution;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;
import dev.loomy.strategy.Strategy;

/**
 * A run made real in the JVM that measures it: the strategies and filters themselves, the
 * images (walked again for every run), where outputs go, the reader and writer, each filter's
 * admission gate, and how often each trial runs.
 *
 * @param images     the run's images, one at a time, anew for each run
 * @param imageCount how many images the run expects
 * @param layout     where outputs go, or null when nothing is written
 * @param writer     null when nothing is written
 * @param admissions each filter's gate before every read ({@code --max-in-flight})
 * @param settings   automatic run counts and profilers
 * @param manifest   the output folder's manifest, or null when outputs are not recorded
 * @param files      the writer of the images and of the recordings ({@code --profile=jfr}), even with nothing written
 */
public record Workload(List<Strategy> strategies, List<Filter> filters, Supplier<Iterator<ImageFile>> images,
                       int imageCount, OutputLayout layout, ImageReader reader, ImageWriter writer,
                       int warmups, int repeats, int parallelism, Admissions admissions, MeasureSettings settings,
                       OpenManifest manifest, OneWriter files) implements AutoCloseable {

    /**
     * The workload {@code config} describes.
     *
     * @param stop  whether to stop reading image headers (an interrupt)
     * @param notes receives the line that says the in-flight limit, one for all the filters
     */
    public static Workload of(RunConfig config, OneWriter temps, BooleanSupplier stop, Consumer<String> notes) {
        Execution execution = config.execution();
        List<Filter> filters = config.filters().stream().map(ResolvedFilter::create).toList();
        boolean write = config.output().write();
        List<Strategy> strategies = config.strategies();
        OpenManifest manifest = write ? OpenManifest.of(config, temps) : null;
        Admissions admissions = new Admissions(execution.maxInFlight(), config::walk, execution.parallelism(), stop,
                notes).together(filters);
        if (config.reporting().job()) {
            admissions.sampleOnly();
        }
        if (manifest != null) {
            admissions.skipping(image -> manifest.upToDate(image, config.layout(), filters, strategies));
        }
        return new Workload(strategies, filters, config::walk, config.imageCount(), config.layout(), reader(config),
                write ? new ImageWriter(temps, config.output().quality()) : null, config.measuring().warmups(), config.measuring().repeats(),
                execution.parallelism(), admissions, config.measuring().settings(), manifest, temps);
    }

    /** A workload over exactly these images. */
    public Workload(List<Strategy> strategies, List<Filter> filters, List<ImageFile> images, OutputLayout layout,
                    ImageReader reader, ImageWriter writer, int warmups, int repeats, int parallelism,
                    Admissions admissions, MeasureSettings settings, OneWriter files) {
        this(strategies, filters, images::iterator, images.size(), layout, reader, writer, warmups, repeats,
                parallelism, admissions, settings, null, files);
    }

    /** The reader of {@code config}'s images, which keeps the metadata that written images keep. */
    public static ImageReader reader(RunConfig config) {
        return new ImageReader(config.execution().ioLatency(), config.jvms().ioLock(), config.execution().strict(),
                config.output().write() ? config.output().metadata() : KeepMetadata.NONE);
    }

    /** Closes the manifest, syncing what was appended to it. */
    @Override
    public void close() {
        if (manifest != null) {
            manifest.close();
        }
    }

    public List<Trial> trials() {
        return Trial.every(strategies, filters.stream().map(Filter::name).toList());
    }

    /** The trial with this {@link Trial#key}, if the workload has it. */
    public Optional<Trial> trial(String key) {
        return trials().stream().filter(t -> t.key().equals(key)).findFirst();
    }

    /**
     * The row of {@code trial}, measured with {@code benchmark} in this JVM a run at a time.
     *
     * @param before done before each of its runs
     */
    public RowRuns row(Benchmark benchmark, Trial trial, Runnable before) {
        Filter filter = filter(trial);
        ImagePipeline pipeline = new ImagePipeline(reader, filter, writer, admissions.of(filter),
                manifest == null ? null : manifest.of(filter.name()));
        return benchmark.row(trial.strategy(), pipeline, () -> paths(trial), imageCount, warmups, repeats, parallelism,
                settings, settings.jfrFile(trial), files, before);
    }

    /** Measures {@code trial} with {@code benchmark} in this JVM, all its runs at once. */
    public Measurement measure(Benchmark benchmark, Trial trial) throws InterruptedException {
        return row(benchmark, trial, () -> { }).measureAll();
    }

    /** The images of one run of {@code trial}, walked now, each with where its output goes. */
    Iterator<ImagePaths> paths(Trial trial) {
        Iterator<ImageFile> each = images.get();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return each.hasNext();
            }

            @Override
            public ImagePaths next() {
                ImageFile image = each.next();
                return new ImagePaths(image, layout == null ? null
                        : layout.outputFor(image, trial.filter(), trial.strategyName()));
            }
        };
    }

    private Filter filter(Trial trial) {
        return filters.stream().filter(f -> f.name().equals(trial.filter())).findFirst().orElseThrow();
    }
}
