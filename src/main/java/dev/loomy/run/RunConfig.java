package dev.loomy.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JacksonException;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.OutputFormat;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.profile.ProfileKind;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Reference;

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
 * @param strategies the strategies' names, in the order they are measured
 * @param filters    the filters, in the order they are measured
 * @param selection  --strategy and --filter as the user gave them, for the record
 * @param execution  how images are processed; with a scan, its first point
 * @param engine     where the images are processed ({@code --engine})
 * @param scan       the values of the scanned options: a run of several points is measured point by
 *                   point ({@link #at}), so a JVM that measures one receives a config without a scan
 * @param jvms       the JVMs and JVM option sets compared, and what the storage wait holds
 */
public record RunConfig(List<Path> inputs, ImageSet images, List<String> strategies,
                        List<ResolvedFilter> filters, Selection selection, Output output, Measuring measuring,
                        Execution execution, Reporting reporting, EngineChoice engine, Scan scan, JvmComparison jvms) {

    /** A run on loomy's own JVM, its storage wait holding nothing. */
    public RunConfig(List<Path> inputs, ImageSet images, List<String> strategies, List<ResolvedFilter> filters,
                     Selection selection, Output output, Measuring measuring, Execution execution, Reporting reporting,
                     EngineChoice engine, Scan scan) {
        this(inputs, images, strategies, filters, selection, output, measuring, execution, reporting, engine, scan,
                JvmComparison.NONE);
    }

    /**
     * Where the images are processed ({@code --engine}): {@code local} (this JVM and its children) or
     * {@code spark}, with Spark's own settings.
     *
     * @param master     Spark's master URL ({@code --master}); null for the local engine
     * @param sparkConf  {@code --spark-conf}, applied last
     * @param partitions {@code --partitions}, or null for the default
     */
    public record EngineChoice(Kind kind, String master, Map<String, String> sparkConf, Integer partitions) {

        public static final EngineChoice LOCAL = new EngineChoice(Kind.LOCAL, null, Map.of(), null);

        /** The engines, as {@code --engine} names them. */
        public enum Kind {
            LOCAL, SPARK;

            public String label() {
                return name().toLowerCase(Locale.ROOT);
            }

            /** An {@code --engine} value. */
            public static Kind parse(String name) {
                return switch (name) {
                    case "local" -> LOCAL;
                    case "spark" -> SPARK;
                    default -> throw new IllegalArgumentException("--engine=" + name
                            + ": unknown engine (known: local, spark)");
                };
            }
        }

        public EngineChoice {
            sparkConf = Map.copyOf(sparkConf);
        }

        public boolean spark() {
            return kind == Kind.SPARK;
        }
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

    /**
     * How the images of one run are processed, whatever its strategy.
     *
     * @param strict       whether a damaged but decodable image fails ({@code --strict})
     * @param reproducible whether OpenCV runs pinned to its baseline code ({@code --reproducible}, or pinned JVMs)
     * @param pinChildren  whether child JVMs are started with OpenCV pinned (this one is not)
     * @param failFast     whether the first image that fails stops the run ({@code --fail-fast})
     */
    public record Execution(int parallelism, int cvThreads, Duration ioLatency, InFlightLimit maxInFlight,
                            boolean strict, boolean reproducible, boolean pinChildren, boolean failFast) {
    }

    /**
     * How the results are shown.
     *
     * @param format   {@code --format}: what standard output shows
     * @param exports  the files the results are also written to ({@code --report}, {@code --export-*})
     * @param chart    null when not asked for; likewise timeline
     * @param progress whether a progress bar is drawn
     * @param wide     whether the table shows every column, however wide ({@code --wide})
     * @param job      whether standard output gets a summary line per filter in place of the table: a run of
     *                 one strategy, each filter once, is a job rather than a comparison, unless {@code
     *                 --format} asks otherwise
     */
    public record Reporting(Format format, List<Export> exports, Path chart, Path timeline, boolean quiet,
                            boolean progress, boolean wide, boolean job) {

        public Reporting {
            exports = exports == null ? List.of() : List.copyOf(exports);
        }

        /** Showing the table in {@code format}, written to {@code report} as well when not null. */
        public Reporting(Format format, Path report, Path chart, Path timeline, boolean quiet, boolean progress) {
            this(format, report == null ? List.of() : List.of(Export.report(report)), chart, timeline, quiet, progress,
                    false, false);
        }
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

    /** How many images the run has, as planned. */
    public int imageCount() {
        return images.count();
    }

    /** The run's images on paths, one at a time, in their order: the inputs walked again. */
    public Iterator<ImageFile> walk() {
        return images.walk(inputs, null);
    }

    /** The run's images, those on paths walked again, then those below URIs, read by {@code files}. */
    public Iterator<ImageFile> walk(dev.loomy.files.UriFiles files) {
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
        Measuring own = point.values().isEmpty() ? measuring : new Measuring(measuring.warmups(), measuring.repeats(),
                measuring.fork(), measuring.settings().inFolder(point.label()), measuring.reference(),
                measuring.baselines(), measuring.order());
        return new RunConfig(inputs, images, strategies, filters, selection, output, own, point.execution(),
                reporting, engine, Scan.NONE, jvms);
    }

    /** Every strategy with every filter, strategy by strategy (at each point of a scan alike). */
    public List<Trial> trials() {
        List<Trial> trials = new ArrayList<>(strategies.size() * filters.size());
        for (String strategy : strategies) {
            for (ResolvedFilter filter : filters) {
                trials.add(new Trial(strategy, filter.name()));
            }
        }
        return trials;
    }

    /** Where each output goes, or null when nothing is written on a path (none, or all through a URI). */
    public OutputLayout layout() {
        return output.write() && output.uri() == null ? layoutWithin(output.folder()) : null;
    }

    /** Where each output goes below {@code root}: an empty path gives each output's path relative to the output. */
    public OutputLayout layoutWithin(Path root) {
        return new OutputLayout(root, output.format(), trials().size() > 1);
    }

    /** Spark's default {@code spark.redaction.regex}: results files are shared, credentials must not be. */
    private static final String SECRET = "(?i)secret|password|token|access[.]key";

    /**
     * {@code --spark-conf} as results show it, hidden as Spark hides it in its UI and logs: a value
     * is replaced when its key or the value itself matches {@code spark.redaction.regex} (given
     * there, or Spark's default).
     */
    static Map<String, String> redacted(Map<String, String> conf) {
        java.util.regex.Pattern secret = java.util.regex.Pattern.compile(conf.getOrDefault("spark.redaction.regex", SECRET));
        Map<String, String> shown = new java.util.TreeMap<>();
        conf.forEach((key, value) -> shown.put(key,
                secret.matcher(key).find() || secret.matcher(value).find() ? "*********(redacted)" : value));
        return shown;
    }

    /** The options as the results show them. */
    public OptionsUsed options() {
        return new OptionsUsed(
                new OptionsUsed.Selection(selection.strategy(), selection.filter(), selection.param()),
                new OptionsUsed.Output(!output.write() ? null : output.uri() != null ? output.uri()
                        : output.folder().toString(), !output.write(), output.format().name().toLowerCase(Locale.ROOT),
                        output.incremental(), output.quality()),
                new OptionsUsed.Measuring(measuring.settings().autoRepeat() ? "auto"
                        : Integer.toString(measuring.repeats()),
                        measuring.reference().strategy() == null ? null : measuring.reference().given(),
                        measuring.baselines().compareWith(), measuring.baselines().saveAs(),
                        measuring.baselines().failOnRegression(),
                        measuring.settings().profiles().stream().map(ProfileKind::label).sorted().toList(),
                        measuring.warmups(), measuring.order().label()),
                new OptionsUsed.Execution(given(scan.parallelism(), execution.parallelism(), String::valueOf),
                        given(scan.cvThreads(), execution.cvThreads(), String::valueOf),
                        given(scan.ioLatency(), execution.ioLatency(), RunConfig::latencyText) + switch (jvms.ioLock()) {
                            case MONITOR -> " under a monitor";
                            case REENTRANT -> " under a ReentrantLock";
                            case NONE -> "";
                        },
                        given(scan.maxInFlight(), execution.maxInFlight(), InFlightLimit::toString), execution.strict(),
                        measuring.fork(), execution.reproducible()),
                new OptionsUsed.Reporting(reporting.format().label(),
                        reporting.exports().stream().map(e -> e.file().toString()).toList(),
                        text(reporting.chart()), text(reporting.timeline())),
                new OptionsUsed.Where(selection.inputs() != null ? selection.inputs()
                        : inputs.stream().map(Path::toString).toList(), engine.kind().label(), engine.master(),
                        engine.partitions(), selection.config(), engine.spark() ? redacted(engine.sparkConf()) : null));
    }

    /** An option's values, comma-separated when scanned. */
    private static <T> String given(List<T> scanned, T value, java.util.function.Function<T, String> text) {
        return scanned.size() > 1 ? String.join(",", scanned.stream().map(text).toList()) : text.apply(value);
    }

    private static String text(Path path) { return path == null ? null : path.toString(); }

    /** "20ms", "0.5ms", or "0" for none. */
    private static String latencyText(Duration latency) {
        if (latency.isZero()) {
            return "0";
        }
        BigDecimal ms = BigDecimal.valueOf(latency.toNanos()).movePointLeft(6).stripTrailingZeros();
        return ms.toPlainString() + "ms";
    }

    public String toJson() {
        try {
            return RunConfigJson.MAPPER.writeValueAsString(this);
        } catch (JacksonException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static RunConfig fromJson(String json) throws IOException {
        return RunConfigJson.MAPPER.readValue(json, RunConfig.class);
    }
}
