package dev.loomy.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.OutputFormat;
import dev.loomy.files.OutputLayout;
import dev.loomy.files.UriFiles;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Reference;
import dev.loomy.strategy.Strategy;

/**
 * One run, described whole and checked: what the command line makes of its options, and
 * all that an engine needs. Nothing in it refers to the command line or to files still to
 * be read: the inputs are already walked and sorted, the filters resolved to their values.
 * It serialises to JSON ({@link #toJson}), so that a JVM that measures a trial for this one
 * receives the run as it was decided here. It does not hold the list of images, whose length has
 * no limit: whoever processes them walks the inputs again ({@link #walk}), in the same order.
 *
 * @param inputs     the INPUT arguments, as given (the output folder is checked against them)
 * @param images     how many images were found under them, and those found by URI
 * @param strategies the strategies, in the order they are measured (by name in JSON)
 * @param filters    the filters, in the order they are measured
 * @param selection  --strategy and --filter as the user gave them, for the record
 * @param execution  how images are processed; with a scan, its first point
 * @param engine     where the images are processed ({@code --engine})
 * @param scan       the values of the scanned options: a run of several points is measured point by
 *                   point ({@link #at}), so a JVM that measures one receives a config without a scan
 * @param jvms       the JVMs and JVM option sets compared, and what the storage wait holds
 */
public record RunConfig(List<Path> inputs, ImageSet images, List<Strategy> strategies,
                        List<ResolvedFilter> filters, Selection selection, Output output, Measuring measuring,
                        Execution execution, Reporting reporting, EngineChoice engine, Scan scan, JvmComparison jvms) {

    /** A run on loomy's own JVM, its storage wait holding nothing. */
    public RunConfig(List<Path> inputs, ImageSet images, List<Strategy> strategies, List<ResolvedFilter> filters,
                     Selection selection, Output output, Measuring measuring, Execution execution, Reporting reporting,
                     EngineChoice engine, Scan scan) {
        this(inputs, images, strategies, filters, selection, output, measuring, execution, reporting, engine, scan,
                JvmComparison.NONE);
    }

    /**
     * @param strategy {@code --strategy} as given ({@code all}, say); likewise {@code filter}
     * @param param    each {@code --param} as given
     * @param inputs   INPUT as given, URIs included, or null when {@code RunConfig.inputs} holds them all
     * @param config   the filters file the filters came from, or null for the one packaged in loomy
     */
    public record Selection(List<String> strategy, List<String> filter, List<String> param, List<String> inputs,
                            String config) {

        public Selection {
            param = param == null ? List.of() : List.copyOf(param);
        }
    }

    /**
     * Where filtered images go.
     *
     * @param folder   {@code --output}, or null when it is a URI; nothing is written when {@code write} is false
     * @param uri      {@code --output} as a URI that the Spark engine writes through Hadoop's FileSystem, or null
     * @param metadata what of each input's metadata its output keeps ({@code --keep-metadata})
     * @param incremental whether an image whose output the manifest records as up to date is skipped ({@code --incremental})
     * @param quality  the quality of written JPEG and WebP images, 1 to 100 ({@code --quality})
     */
    public record Output(Path folder, boolean write, OutputFormat format, String uri, KeepMetadata metadata,
                         boolean incremental, int quality) {

        /** Output that keeps all metadata. */
        public Output(Path folder, boolean write, OutputFormat format, String uri) {
            this(folder, write, format, uri, KeepMetadata.ALL);
        }

        /** Output of a run that does every image, at the default quality. */
        public Output(Path folder, boolean write, OutputFormat format, String uri, KeepMetadata metadata) {
            this(folder, write, format, uri, metadata, false, ImageWriter.DEFAULT_QUALITY);
        }

        /** The same output, nothing written: its folder still takes what a run records. */
        public Output withoutWriting() {
            return new Output(folder, false, format, null, metadata);
        }
    }

    /**
     * How each trial is measured.
     *
     * @param fork      whether each trial runs in its own child JVM
     * @param repeats   the counted runs; with {@code --repeat=auto} ({@code settings}), the fewest taken
     * @param settings  automatic run counts and the profilers, which travel to a child JVM with the run
     * @param reference the row each row's speed-up is relative to ({@code --reference})
     * @param baselines saved results to compare with and to save as
     * @param order     in what order the rows' counted runs are taken ({@code --order}, {@code --order-seed})
     */
    public record Measuring(int warmups, int repeats, boolean fork, MeasureSettings settings, Reference reference,
                            Baselines baselines, Order order) {

        public Measuring {
            order = order == null ? Order.INTERLEAVED : order;
        }

        /** Interleaved, from a seed of its own. */
        public Measuring(int warmups, int repeats, boolean fork, MeasureSettings settings, Reference reference,
                         Baselines baselines) {
            this(warmups, repeats, fork, settings, reference, baselines, Order.INTERLEAVED);
        }

        public Measuring withSettings(MeasureSettings value) {
            return new Measuring(warmups, repeats, fork, value, reference, baselines, order);
        }
    }

    /**
     * {@code --order}: whether the rows' counted runs are taken round by round ({@code interleaved}) or
     * each row's all at once ({@code sequential}).
     *
     * @param seed what each round's order is shuffled from ({@code --order-seed}); null for one of the run's own
     */
    public record Order(boolean interleaved, Long seed) {

        public static final Order INTERLEAVED = new Order(true, null);

        /** {@code interleaved} or {@code sequential}. */
        public String label() {
            return interleaved ? "interleaved" : "sequential";
        }
    }

    /**
     * The baselines of a run, as given: they are read and written by the JVM that reports.
     *
     * @param compareWith      {@code --baseline}: a name or a json file, or null
     * @param saveAs           {@code --save-baseline}, or null
     * @param failOnRegression {@code --fail-on-regression} as given ("5%"), or null
     */
    public record Baselines(String compareWith, String saveAs, String failOnRegression) {
        public static final Baselines NONE = new Baselines(null, null, null);
    }

    public RunConfig {
        inputs = List.copyOf(inputs);
        images = images == null ? ImageSet.of(List.of()) : images;
        strategies = List.copyOf(strategies);
        filters = List.copyOf(filters);
        engine = engine == null ? EngineChoice.LOCAL : engine;
        scan = scan == null ? Scan.NONE : scan;
        jvms = jvms == null ? JvmComparison.NONE : jvms;
    }

    /** The same run without its images: what each Spark task needs besides its own images. */
    public RunConfig withoutImages() { return withImages(ImageSet.of(List.of())); }

    /** The same run over {@code images}. */
    public RunConfig withImages(ImageSet images) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withFilters(List<ResolvedFilter> filters) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withOutput(Output output) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withMeasuring(Measuring measuring) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withExecution(Execution execution) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withReporting(Reporting reporting) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    public RunConfig withScan(Scan scan) {
        return new RunConfig(inputs, images, strategies, filters, selection, output, measuring, execution, reporting,
                engine, scan, jvms);
    }

    /** How many images the run has, as planned. */
    public int imageCount() {
        return images.count();
    }

    /** The run's images on paths, one at a time, in their order: the inputs walked again. */
    public Iterator<ImageFile> walk() {
        return images.walk(inputs, null);
    }

    /** The run's images, those on paths walked again, then those below URIs, read by {@code files}. */
    public Iterator<ImageFile> walk(UriFiles files) {
        return images.walk(inputs, files);
    }

    /** Every image of the run in a list: only for what shows them all at once (a gallery). */
    public List<ImageFile> imageList() {
        return images.list(inputs);
    }

    /** The points of the scan, or the run's one configuration when nothing is scanned. */
    public List<Scan.Point> points() {
        return scan.points(execution);
    }

    /** This run at one point of its scan: the config a JVM measuring that point receives. */
    public RunConfig at(Scan.Point point) {
        // Each point's recordings in a folder of its own, parallelism=4: the same trial is measured at every point.
        Measuring own = point.values().isEmpty() ? measuring
                : measuring.withSettings(measuring.settings().inFolder(point.label()));
        return withMeasuring(own).withExecution(point.execution()).withScan(Scan.NONE);
    }

    /** Every strategy with every filter, strategy by strategy (at each point of a scan alike). */
    public List<Trial> trials() {
        return Trial.every(strategies, filters.stream().map(ResolvedFilter::name).toList());
    }

    /** The strategies' names, in the order they are measured. */
    public List<String> strategyNames() {
        return strategies.stream().map(Strategy::name).toList();
    }

    /** Where each output goes, or null when nothing is written on a path (none, or all through a URI). */
    public OutputLayout layout() {
        return output.write() && output.uri() == null ? layoutWithin(output.folder()) : null;
    }

    /** Where each output goes below {@code root}: an empty path gives each output's path relative to the output. */
    public OutputLayout layoutWithin(Path root) {
        return new OutputLayout(root, output.format(), trials().size() > 1);
    }

    /** The options as the results show them. */
    public OptionsUsed options() {
        return UsedOptions.of(this);
    }

    /** The run as JSON, which {@link #fromJson} reads back: how it travels to another JVM. */
    public String toJson() {
        return RunConfigJson.write(this);
    }

    public static RunConfig fromJson(String json) throws IOException {
        return RunConfigJson.read(json);
    }
}
