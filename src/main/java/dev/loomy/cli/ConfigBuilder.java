package dev.loomy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.InputWalker;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.OutputFormat;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.Frames;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.MeasureSettings;
import dev.loomy.results.Reference;
import dev.loomy.report.ResultFormat;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Scan;
import dev.loomy.run.Trial;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

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
        // --quiet prints errors alone: a note ("processed once", "several frames") is none.
        this.warnings = w -> {
            if (!(command.report.quiet && w.startsWith("note: "))) {
                warnings.accept(w);
            }
        };
    }

    RunConfig build() throws UsageError {
        SelectionOptions selection = command.selection;
        RunOptions run = command.run;
        MeasureOptions measure = command.measure;
        ReportOptions report = command.report;
        List<String> strategies = usage(() -> Strategies.parse(selection.strategies)).stream().map(Strategy::name).toList();
        usage(() -> ResultFormat.named(report.format));
        OutputFormat imageFormat = usage(() -> OutputFormat.parse(run.imageFormat));
        KeepMetadata keepMetadata = usage(() -> KeepMetadata.parse(run.keepMetadata));
        checkCounts();
        Scan scan = run.scan();
        checkScanInOneJvm(scan, strategies);
        checkReproducible();
        RunConfig.EngineChoice engine = command.engine.choice();
        EngineOptions.checkTakes(engine, run.reproducible, measure.autoRepeat(), command.rigor.profile, scan);
        Locations locations = new Locations(command.inputs, run.output, engine.spark() ? engine.sparkConf() : null);
        ReportFiles files = new ReportFiles(report.report, report.chart, report.timeline);
        // A chart in the output folder is fine though the folder is not there yet: the run makes it.
        usage(() -> {
            files.check(run.noWrite ? null : locations.outputFolder());
            return null;
        });
        List<ResolvedFilter> filters = selection.resolve();
        List<String> filterNames = filters.stream().map(ResolvedFilter::name).toList();
        RigorOptions rigor = command.rigor;
        Reference reference = rigor.reference(strategies, filterNames);
        MeasureSettings settings = rigor.settings(measure.autoRepeat(), locations.outputFolder());
        RunConfig.Baselines baselines = rigor.baselines();
        checked = RigorOptions.open(baselines);
        List<ImageFile> images = locations.images(warnings);
        unreadableFolders = locations.unreadable();
        if (!report.quiet) {
            Frames.notes(images.stream().filter(image -> image.uri() == null).toList(), warnings);
        }
        RunConfig.Output output = new RunConfig.Output(locations.outputFolder(), !run.noWrite, imageFormat,
                locations.outputUri(), keepMetadata);
        int trials = strategies.size() * filters.size() * scan.size();
        // Without a limit a run may exhaust memory, and the kernel then kills the JVM that holds it:
        // measured in a child, that is a crashed row in the parent's results, not the end of loomy.
        // OpenCV reads its pinning once, when its library loads: only a new JVM can be pinned.
        boolean pinChildren = run.reproducible && !OpenCvPinning.active();
        // On Spark, every trial runs in Spark's executors: nothing is forked.
        boolean fork = !engine.spark() && (pinChildren || (measure.fork != null ? measure.fork : trials > 1
                || scan.maxInFlight().stream().anyMatch(InFlightLimit::isUnbounded)));
        RunConfig config = new RunConfig(locations.paths(), images, strategies, filters,
                new RunConfig.Selection(selection.strategies, selection.filters, selection.params, locations.given(), selection.filtersFile()),
                output,
                new RunConfig.Measuring(measure.warmup, measure.repeats(), fork, settings, reference, baselines),
                new RunConfig.Execution(scan.parallelism().get(0), scan.cvThreads().get(0), scan.ioLatency().get(0),
                        scan.maxInFlight().get(0), run.strict, run.reproducible || OpenCvPinning.active(), pinChildren),
                new RunConfig.Reporting(report.format, report.report, report.chart, report.timeline, report.quiet,
                        !report.quiet && !report.noProgress && StderrTerminal.detected()), engine, scan);
        checkInputsUntouched(config, filterNames, files, locations);
        if (run.noWrite) {
            sayIgnored(settings.jfrFolder() != null);
        }
        return config;
    }

    /** With --no-write, the options about outputs that were given do nothing (the output folder still takes recordings). */
    private void sayIgnored(boolean recordings) {
        if (command.spec == null || command.spec.commandLine() == null || command.spec.commandLine().getParseResult() == null) {
            return;
        }
        var given = command.spec.commandLine().getParseResult();
        for (String option : List.of("--image-format", "--keep-metadata")) {
            if (given.hasMatchedOption(option)) {
                warnings.accept("warning: " + option + " does nothing with --no-write: no image is written");
            }
        }
        if (given.hasMatchedOption("--output") && !recordings) {
            warnings.accept("warning: --output does nothing with --no-write: no image is written");
        }
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
        command.selection.check();
        checkLists(command.spec);
    }

    /**
     * Refuses an empty value: an empty path (an INPUT of "", {@code -o=}, {@code --config=}) that
     * would mean the current folder, or an empty item in a comma list ({@code -f Cartoon2,},
     * {@code --parallelism=1,2,}), which picocli's split drops when trailing: the text as given is checked.
     */
    static void checkLists(CommandSpec spec) throws UsageError {
        if (spec == null || spec.commandLine() == null || spec.commandLine().getParseResult() == null) {
            return;
        }
        for (PositionalParamSpec positional : spec.commandLine().getParseResult().matchedPositionals()) {
            // Empty, not blank: " " is a legal file name.
            if (positional.originalStringValues().stream().anyMatch(String::isEmpty)) {
                throw new UsageError(positional.paramLabel() + ": an empty path (give a folder or an image; . for the "
                        + "current folder)");
            }
        }
        for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
            if (option.splitRegex().isEmpty()) {
                if (option.arity().max() > 0 && option.originalStringValues().stream().anyMatch(String::isEmpty)
                        && !option.type().equals(boolean.class) && !option.type().equals(Boolean.class)) {
                    throw new UsageError(option.longestName() + ": an empty value");
                }
                continue;
            }
            for (String given : option.originalStringValues()) {
                if (Arrays.stream(given.split(option.splitRegex(), -1)).anyMatch(String::isBlank)) {
                    boolean names = option.longestName().equals("--filter") || option.longestName().equals("--strategy");
                    throw new UsageError(option.longestName() + ": an empty " + (names ? "name" : "value") + " in '"
                            + given + "' (expected one or more " + (names ? "names" : "values")
                            + " separated by commas, with nothing after the last)");
                }
            }
        }
    }

    /** Carriers are fixed when a JVM's first virtual thread starts: only children can have several counts. */
    private void checkScanInOneJvm(Scan scan, List<String> strategies) throws UsageError {
        boolean virtual = strategies.stream().anyMatch(s -> s.startsWith("virtual"));
        if (virtual && scan.parallelism().size() > 1 && Boolean.FALSE.equals(command.measure.fork)) {
            throw new UsageError("--parallelism=" + scan.parallelism().stream().map(String::valueOf)
                    .collect(Collectors.joining(",")) + " with --no-fork: a JVM's virtual-thread carriers are fixed "
                    + "when its first virtual thread starts; drop --no-fork");
        }
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

    /** Outputs, charts and reports may land neither in an input folder nor on an input image. */
    private static void checkInputsUntouched(RunConfig config, List<String> filters, ReportFiles files,
                                             Locations locations) throws UsageError {
        try {
            List<ImageFile> onPaths = config.images().stream().filter(image -> image.uri() == null).toList();
            InputGuard guard = InputGuard.of(config.inputs(), onPaths);
            files.checkInputs(guard);
            Path recordings = config.measuring().settings().jfrFolder();
            if (recordings != null) {
                // Checked apart from the output layout: --no-write has none, yet the recordings are written.
                guard.check("--profile=jfr recordings in " + recordings, recordings.resolve("recording.jfr"));
                for (Trial trial : config.trials()) {
                    // Characters are bytes here: the file name keeps ASCII letters, digits, '.', '_' and '-' alone.
                    String name = String.valueOf(config.measuring().settings().jfrFile(trial).getFileName());
                    if (name.length() > OutputLayout.NAME_MAX) {
                        throw new UsageError("--profile=jfr: the recording of " + trial.strategy() + " / "
                                + trial.filter().substring(0, 40) + "... would be named with " + name.length()
                                + " characters, more than a file name may have (" + OutputLayout.NAME_MAX
                                + "): shorten the filter's name");
                    }
                }
            }
            OutputLayout layout = config.layout();
            if (layout != null) {
                layout.check(config.inputs(), onPaths, filters, config.strategies(), guard);
                files.checkOutputs(layout, onPaths, filters, config.strategies());
            }
            if (config.output().write() && locations.anyUri()) {
                OutputLayout relative = config.layoutWithin(Path.of(""));
                locations.checkOutput(config.images(), config.images().stream()
                        .map(image -> relative.outputFor(image, filters.get(0), config.strategies().get(0)))
                        .toList());
            }
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    /**
     * Makes the output folder and writes a file where each output goes: called after every other
     * check, so that a folder that takes no files is refused before any image, and a refused run
     * leaves no output folder behind.
     */
    static void prepareOutputs(RunConfig config) throws UsageError {
        RunConfig.Reporting reporting = config.reporting();
        ReportFiles files = new ReportFiles(reporting.report(), reporting.chart(), reporting.timeline());
        usage(() -> {
            files.probe();
            return null;
        });
        OutputLayout layout = config.layout();
        if (layout != null) {
            try {
                layout.prepare();
            } catch (InputProblem e) {
                throw new UsageError(e.getMessage());
            }
        }
        Path recordings = config.measuring().settings().jfrFolder();
        if (recordings != null) {
            // Made even with --no-write: found now, not after every row was measured.
            try {
                Files.createDirectories(recordings);
                OutputLayout.probe(recordings);
            } catch (IOException e) {
                throw new UsageError("--profile=jfr: its recordings folder " + Names.shown(recordings)
                        + " cannot be written: " + IoReasons.ofCreating(e) + ": choose another output folder with -o");
            }
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
