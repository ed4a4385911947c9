package dev.loomy.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.baseline.BaselineException;
import dev.loomy.baseline.Baselines;
import dev.loomy.console.Console;
import dev.loomy.console.Phases;
import dev.loomy.files.ImageSet;
import dev.loomy.files.InputGuard;
import dev.loomy.files.OutputFormat;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.TempFiles;
import dev.loomy.manifest.Manifest;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.results.Reference;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Scan;

/**
 * Makes the main command's options into a {@link RunConfig}, checking each before any image is
 * processed: every problem is bad usage, one line, exit 2. It walks the inputs once (counting
 * their images, not keeping them) and reads the baseline compared with, and writes nothing.
 */
final class ConfigBuilder {

    /**
     * A run, checked and ready to start.
     *
     * @param baselines          the baselines opened, before any image: a bad one is bad usage
     * @param unreadableFolders  folders under the inputs that could not be read: their images were not
     *                           done, as a failed image is not
     */
    record Plan(RunConfig config, Baselines baselines, int unreadableFolders, InputGuard inputs) {

        /** The one writer of the run's files, which keeps every one of them out of the inputs. */
        TempFiles writer() {
            return new TempFiles(inputs);
        }
    }

    /** Rows a sweep may make before the run says how many. */
    private static final int HANDFUL = 10;

    private ConfigBuilder() {
    }

    /** @param console says what the walk of the inputs skipped, and what the options given do not do */
    static Plan build(MainOptions options, Console console) throws UsageError {
        SelectionOptions selection = options.selection;
        RunOptions run = options.run;
        MeasureOptions measure = options.measure;
        ReportOptions report = options.report;
        List<String> strategies = Selections.strategies(run);
        Format format = report.format == null ? Format.TABLE : UsageError.of(() -> Format.parse(report.format));
        OutputFormat imageFormat = UsageError.of(() -> OutputFormat.parse(run.imageFormat == null ? "same"
                : run.imageFormat));
        KeepMetadata keepMetadata = UsageError.of(() -> KeepMetadata.parse(run.keepMetadata == null ? "all"
                : run.keepMetadata));
        int quality = run.quality == null ? ImageWriter.DEFAULT_QUALITY : run.quality;
        int repeats = Measures.repeats(measure);
        int warmups = Measures.warmups(measure);
        RunConfig.Order order = Measures.order(measure);
        Selections.checkNames(run, selection);
        Scan scan = Scans.of(run);
        Scans.checkInOneJvm(scan, strategies, measure.fork);
        checkReproducible(run, measure);
        RunConfig.EngineChoice engine = Engines.choice(options.engine, console);
        checkIncremental(run, engine);
        Engines.checkTakes(engine, run, strategies, Measures.autoRepeat(measure), measure.rigor.profile, scan);
        Locations locations = new Locations(options.inputs, run.output == null ? "out" : run.output,
                engine.spark() ? engine.sparkConf() : null);
        List<Export> exports = UsageError.of(() -> Outputs.exports(report.exports));
        ReportFiles files = new ReportFiles(exports, report.exports.chart, report.exports.timeline, report.wide);
        // A chart in the output folder is fine though the folder is not there yet: the run makes it.
        UsageError.of(() -> {
            files.check(run.noWrite ? null : locations.outputFolder());
            return null;
        });
        Phases.mark("options checked");
        Selections.Filters filters = Selections.filters(selection, strategies.size() * scan.size());
        Phases.mark("filter catalogue");
        int rows = strategies.size() * scan.size() * filters.resolved().size();
        if (!selection.params.isEmpty() && rows > HANDFUL) {
            int each = strategies.size() * scan.size();
            console.info(String.format(Locale.ROOT, "%,d rows will run (%,d filters and variants, %,d %s each)", rows,
                    filters.resolved().size(), each, each == 1 ? "row" : "rows"));
        }
        List<String> filterNames = filters.resolved().stream().map(ResolvedFilter::name).toList();
        Reference reference = Measures.reference(measure.rigor, strategies, filterNames);
        MeasureSettings settings = Measures.settings(measure, measure.rigor, locations.outputFolder());
        RunConfig.Baselines given = Measures.baselines(measure.rigor);
        Baselines baselines = open(given);
        var jvms = Jvms.choice(measure.jvms, measure.fork, engine.spark());
        boolean job = report.format == null && job(strategies.size() * scan.size(), repeats, warmups, settings, given);
        boolean pinChildren = run.reproducible && !OpenCvPinning.active();
        RunConfig config = new RunConfig(locations.paths(), ImageSet.of(List.of()), strategies, filters.resolved(),
                new RunConfig.Selection(run.strategies, selection.filters, selection.params, locations.given(),
                        filters.file()),
                new RunConfig.Output(locations.outputFolder(), !run.noWrite, imageFormat, locations.outputUri(),
                        keepMetadata, run.incremental, quality),
                new RunConfig.Measuring(warmups, repeats, fork(run, measure, job ? 1 : strategies.size()
                        * filters.resolved().size(), scan, engine) || jvms.compares(), settings, reference, given, order),
                new RunConfig.Execution(scan.parallelism().get(0), scan.cvThreads().get(0), scan.ioLatency().get(0),
                        scan.maxInFlight().get(0), run.strict, run.reproducible || OpenCvPinning.active(), pinChildren,
                        run.failFast),
                new RunConfig.Reporting(format, exports, report.exports.chart, report.exports.timeline, report.quiet,
                        !report.quiet && !report.noProgress && StderrTerminal.detected(), report.wide, job && !jvms.compares()), engine, scan, jvms);
        Phases.mark("config built");
        Outputs.Survey survey = Outputs.survey(config, locations, console, baselines.saveTo());
        Phases.mark("inputs surveyed");
        if (run.noWrite) {
            sayIgnored(run, settings.jfrFolder() != null, console);
        }
        return new Plan(config.withImages(survey.images()), baselines, survey.unreadable(), survey.guard());
    }

    /**
     * Whether each trial runs in a child JVM: as asked, else when there are several. Without a
     * limit a run may exhaust memory, and the kernel then kills the JVM that holds it: measured in
     * a child, that is a crashed row in the parent's results, not the end of loomy. OpenCV reads
     * its pinning once, when its library loads: only a new JVM can be pinned. On Spark, every
     * trial runs in Spark's executors: nothing is forked.
     */
    private static boolean fork(RunOptions run, MeasureOptions measure, int trials, Scan scan,
                                RunConfig.EngineChoice engine) {
        boolean pinChildren = run.reproducible && !OpenCvPinning.active();
        return !engine.spark() && (pinChildren || (measure.fork != null ? measure.fork : trials * scan.size() > 1
                || scan.maxInFlight().stream().anyMatch(InFlightLimit::isUnbounded)));
    }

    /** --reproducible measures in children started with OpenCV pinned, unless this JVM already is. */
    private static void checkReproducible(RunOptions run, MeasureOptions measure) throws UsageError {
        if (run.reproducible && !OpenCvPinning.active() && Boolean.FALSE.equals(measure.fork)) {
            throw new UsageError("--reproducible with --no-fork: OpenCV can only be pinned when its JVM starts; drop "
                    + "--no-fork, or start loomy with " + OpenCvPinning.ENVIRONMENT.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" ")) + " in its environment");
        }
    }

    /** --incremental skips images by their outputs' records: there must be outputs, written by this loomy. */
    private static void checkIncremental(RunOptions run, RunConfig.EngineChoice engine) throws UsageError {
        if (run.incremental && run.noWrite) {
            throw new UsageError("--incremental with --no-write: no output is written, so none is recorded or skipped");
        }
        if (run.incremental && engine.spark() && run.output != null && Locations.isUri(run.output)
                && Manifest.folderOf(run.output) == null) {
            throw new UsageError("--incremental with --output=" + run.output + ": the manifest is kept only in an output "
                    + "folder on a path or a file: URI; HDFS and S3 have no lock that a killed run lets go of");
        }
    }

    /**
     * Whether the run is a job rather than a comparison, and says so in a line per filter: one
     * strategy, any filters, each run once, without a warm-up, a baseline or a profiler, whose table
     * would show. Its filters run one after another in this JVM: nothing is compared, so nothing
     * needs a JVM of its own.
     */
    private static boolean job(int rows, int repeats, int warmups, MeasureSettings settings,
                               RunConfig.Baselines baselines) {
        return rows == 1 && repeats == 1 && !settings.autoRepeat() && warmups == 0 && settings.profiles().isEmpty()
                && baselines.compareWith() == null && baselines.saveAs() == null;
    }

    /** Reads the baseline compared with and finds where one is saved: a problem with either is bad usage. */
    private static Baselines open(RunConfig.Baselines given) throws UsageError {
        try {
            return Baselines.open(given);
        } catch (IllegalArgumentException | BaselineException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** With --no-write, the output options given do nothing (the output folder still takes recordings). */
    private static void sayIgnored(RunOptions run, boolean recordings, Console console) {
        if (run.imageFormat != null) {
            console.warning("--image-format does nothing with --no-write: no image is written");
        }
        if (run.keepMetadata != null) {
            console.warning("--keep-metadata does nothing with --no-write: no image is written");
        }
        if (run.quality != null) {
            console.warning("--quality does nothing with --no-write: no image is written");
        }
        if (run.output != null && !recordings) {
            console.warning("--output does nothing with --no-write: no image is written");
        }
    }
}
