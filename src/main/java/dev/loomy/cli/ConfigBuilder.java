package dev.loomy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.InputWalker;
import dev.loomy.files.OutputFormat;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.Frames;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.MeasureSettings;
import dev.loomy.results.Reference;
import dev.loomy.report.ResultFormat;
import dev.loomy.run.RunConfig;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;

/**
 * Makes the main command's options into a {@link RunConfig}, checking each before any image
 * is processed: every problem is bad usage, one line, exit 2.
 */
final class ConfigBuilder {

    private final LoomyCommand command;
    private final Consumer<String> warnings;
    private int unreadableFolders;
    private RigorOptions.Checked checked;

    /** @param warnings receives what the walk of the inputs found wrong but skipped */
    ConfigBuilder(LoomyCommand command, Consumer<String> warnings) {
        this.command = command;
        this.warnings = warnings;
    }

    RunConfig build() throws UsageError {
        SelectionOptions selection = command.selection;
        RunOptions run = command.run;
        MeasureOptions measure = command.measure;
        ReportOptions report = command.report;
        List<String> strategies = usage(() -> Strategies.parse(selection.strategies)).stream().map(Strategy::name).toList();
        usage(() -> ResultFormat.named(report.format));
        OutputFormat imageFormat = usage(() -> OutputFormat.parse(run.imageFormat));
        usage(() -> {
            new ReportFiles(report.report, report.chart, report.timeline).check();
            return null;
        });
        checkCounts();
        checkReproducible();
        List<Filter> filters = filters(selection.config.catalog().registry(), selection.filters);
        RigorOptions rigor = command.rigor;
        Reference reference = rigor.reference(strategies, filters);
        MeasureSettings settings = rigor.settings(measure.autoRepeat(), run.output);
        RunConfig.Baselines baselines = rigor.baselines();
        checked = RigorOptions.open(baselines);
        List<ImageFile> images = images(command.inputs);
        if (!report.quiet) {
            Frames.notes(images, warnings);
        }
        RunConfig.Output output = new RunConfig.Output(run.output, !run.noWrite, imageFormat);
        int trials = strategies.size() * filters.size();
        // Without a limit a run may exhaust memory, and the kernel then kills the JVM that holds it:
        // measured in a child, that is a crashed row in the parent's results, not the end of loomy.
        // OpenCV reads its pinning once, when its library loads: only a new JVM can be pinned.
        boolean pinChildren = run.reproducible && !OpenCvPinning.active();
        boolean fork = pinChildren || (measure.fork != null ? measure.fork : trials > 1 || run.maxInFlight.isUnbounded());
        RunConfig config = new RunConfig(command.inputs, images, strategies,
                filters.stream().map(ResolvedFilter::of).toList(),
                new RunConfig.Selection(selection.strategies, selection.filters), output,
                new RunConfig.Measuring(measure.warmup, measure.repeats(), fork, settings, reference, baselines),
                new RunConfig.Execution(run.parallelism(), run.cvThreads, run.ioLatency(), run.maxInFlight, run.strict,
                        run.reproducible || OpenCvPinning.active(), pinChildren),
                new RunConfig.Reporting(report.format, report.report, report.chart, report.timeline, report.quiet,
                        !report.quiet && !report.noProgress && StderrTerminal.detected()));
        checkInputsUntouched(config, filters, new ReportFiles(report.report, report.chart, report.timeline));
        return config;
    }

    /** Folders under the inputs that could not be read: their images were not done, as a failed image is not. */
    int unreadableFolders() {
        return unreadableFolders;
    }

    /** The baselines opened while building: read before any image is, so that a bad one is bad usage. */
    RigorOptions.Checked baselines() {
        return checked;
    }

    private void checkCounts() throws UsageError {
        command.measure.repeats();
        int warmup = command.measure.warmup;
        if (warmup < 0) {
            throw new UsageError("--warmup must be 0 or more, not " + warmup);
        }
        int parallelism = command.run.parallelism();
        if (parallelism < 1 || parallelism > RunOptions.MAX_THREADS) {
            throw new UsageError("--parallelism must be from 1 to " + RunOptions.MAX_THREADS + ", not " + parallelism);
        }
        int cvThreads = command.run.cvThreads;
        if (cvThreads < 1 || cvThreads > RunOptions.MAX_THREADS) {
            throw new UsageError("--cv-threads must be from 1 to " + RunOptions.MAX_THREADS + ", not " + cvThreads);
        }
        command.selection.check();
    }

    /** --reproducible measures in children started with OpenCV pinned, unless this JVM already is. */
    private void checkReproducible() throws UsageError {
        if (command.run.reproducible && !OpenCvPinning.active() && Boolean.FALSE.equals(command.measure.fork)) {
            throw new UsageError("--reproducible with --no-fork: OpenCV can only be pinned when its JVM starts; drop "
                    + "--no-fork, or start loomy with " + pinningText() + " in its environment");
        }
    }

    private static String pinningText() {
        return OpenCvPinning.ENVIRONMENT.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** The filters named, each once, in the order first named. */
    private static List<Filter> filters(FilterRegistry registry, List<String> names) throws UsageError {
        List<Filter> chosen = new ArrayList<>();
        for (String name : names) {
            Filter filter = usage(() -> registry.require(name));
            if (!chosen.contains(filter)) {
                chosen.add(filter);
            }
        }
        return chosen;
    }

    private List<ImageFile> images(List<Path> inputs) throws UsageError {
        try {
            InputWalker walker = new InputWalker(warnings);
            List<ImageFile> images = walker.walk(inputs);
            unreadableFolders = walker.unreadable();
            if (images.isEmpty()) {
                throw new UsageError("no images found in " + inputs + " (looked for "
                        + String.join(", ", ImageExtensions.ALL) + ")");
            }
            return images;
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** Outputs, charts and reports may land neither in an input folder nor on an input image. */
    private static void checkInputsUntouched(RunConfig config, List<Filter> filters, ReportFiles files)
            throws UsageError {
        try {
            InputGuard guard = InputGuard.of(config.inputs(), config.images());
            files.checkInputs(guard);
            Path recordings = config.measuring().settings().jfrFolder();
            if (recordings != null) {
                // Checked apart from the output layout: --no-write has none, yet the recordings are written.
                guard.check("--profile=jfr recordings in " + recordings, recordings.resolve("recording.jfr"));
            }
            OutputLayout layout = config.layout();
            if (layout != null) {
                layout.check(config.inputs(), config.images(), filters.stream().map(Filter::name).toList(),
                        config.strategies(), guard);
            }
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** A step whose IllegalArgumentException is the user's mistake. */
    private interface Step<T> {
        T get();
    }

    private static <T> T usage(Step<T> step) throws UsageError {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }
}
