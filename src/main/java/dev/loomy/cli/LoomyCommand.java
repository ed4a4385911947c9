package dev.loomy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import org.opencv.core.Core;

import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.InputWalker;
import dev.loomy.files.OutputFormat;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.measure.ChildLauncher;
import dev.loomy.measure.ChildSession;
import dev.loomy.measure.FailureLog;
import dev.loomy.measure.ForkedSession;
import dev.loomy.measure.InProcessSession;
import dev.loomy.measure.MachineInfo;
import dev.loomy.measure.Measurement;
import dev.loomy.measure.Outcome;
import dev.loomy.measure.RunControl;
import dev.loomy.measure.RunListener;
import dev.loomy.measure.Session;
import dev.loomy.measure.SessionPlan;
import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.pipeline.Admissions;
import dev.loomy.pipeline.Frames;
import dev.loomy.pipeline.ImageReader;
import dev.loomy.pipeline.ImageWriter;
import dev.loomy.pipeline.TempFiles;
import dev.loomy.report.MarkdownFormat;
import dev.loomy.report.ProgressBars;
import dev.loomy.report.ReportFiles;
import dev.loomy.report.ResultFormat;
import dev.loomy.report.Results;
import dev.loomy.report.TableFormat;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomy [OPTIONS] INPUT...}: filters a batch of images under each chosen strategy and reports the timings. */
@Command(name = "loomy", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Applies an image filter to every image under INPUT, under one or more concurrency "
                + "strategies, and prints timing tables per strategy."},
        footerHeading = "%nCommands (as the first argument):%n",
        footer = {
            "  filters   list every filter known, with its parameters",
            "  diff      compare two images or two folders of images",
            "  samples   write reproducible synthetic test images",
            "",
            "Exit status: 0 every image done (damaged but decodable ones with a warning); 1 some images failed; "
                    + "2 bad usage; 3 a strategy run crashed; 4 a regression beyond --fail-on-regression; 130 interrupted.",
        })
public final class LoomyCommand implements Callable<Integer> {

    @Mixin
    SelectionOptions selection;

    @Mixin
    RunOptions run;

    @Mixin
    MeasureOptions measure;

    @Mixin
    ReportOptions report;

    @Mixin
    RigorOptions rigor;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp)")
    List<Path> inputs;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;
    private final RunControl control = new RunControl();
    private final TempFiles temps = new TempFiles();
    private int unreadableFolders;

    /** @param out where results go; @param err where progress, warnings and errors go */
    public LoomyCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** The one way a run is stopped (Ctrl-C and SIGTERM come through {@link Interrupts}). */
    RunControl control() {
        return control;
    }

    @Override
    public Integer call() {
        try {
            return execute();
        } catch (UsageError e) {
            err.println("loomy: " + e.getMessage());
            return ExitCodes.USAGE;
        } finally {
            out.flush();
            err.flush();
        }
    }

    @SuppressWarnings("try") // the signal handlers are installed for the block, never used in it
    private int execute() throws UsageError {
        List<Strategy> strategies = strategies();
        ResultFormat format = resultFormat();
        OutputFormat imageFormat = outputFormat();
        ReportFiles files = reportFiles();
        checkCounts();
        checkReproducible();
        boolean child = measure.child != null;

        // Carriers are fixed when the first virtual thread starts: set them before any exists.
        System.setProperty("jdk.virtualThreadScheduler.parallelism", Integer.toString(run.parallelism()));
        OpenCv.load();
        Core.setNumThreads(run.cvThreads);
        List<Filter> filters = filters(selection.config.catalog().registry());
        RigorOptions.Checked checked = rigor.check(strategies, filters, child);

        // A child walks the same inputs again; its parent has already warned about them.
        List<ImageFile> images = images(child ? w -> { } : w -> err.println("loomy: " + w));
        if (!child && !report.quiet) {
            Frames.notes(images, note -> err.println("loomy: " + note));
        }
        boolean perRun = strategies.size() * filters.size() > 1;
        OutputLayout layout = run.noWrite ? null : new OutputLayout(run.output, imageFormat, perRun);
        // A child's parent has checked the same paths before starting it.
        if (!child) {
            try {
                InputGuard guard = InputGuard.of(inputs, images);
                files.checkInputs(guard);
                if (layout != null) {
                    layout.check(inputs, images, filters.stream().map(Filter::name).toList(),
                            strategies.stream().map(Strategy::name).toList(), guard);
                }
            } catch (InputProblem e) {
                throw new UsageError(e.getMessage());
            }
        }
        if (layout != null && !child) {
            sayDeleted(TempFiles.sweep(layout.root()), "an earlier run, stopped before it could delete them, left", layout);
        }
        // Read only where pairs are measured: in this JVM, or in each child; said once per filter, by
        // the child measuring the filter's first pair when forking.
        boolean say = !report.quiet && (!child || measure.child.startsWith(strategies.get(0).name() + "/"));
        Admissions admissions = new Admissions(run.maxInFlight, images, run.parallelism(), control::interrupted,
                say ? note -> err.println("loomy: " + note) : note -> { });
        SessionPlan plan = new SessionPlan(strategies, filters, images, layout, new ImageReader(run.ioLatency(), run.strict),
                run.noWrite ? null : new ImageWriter(temps), measure.warmup, measure.repeats(), run.parallelism(), admissions,
                RigorOptions.settings(measure.autoRepeat(), checked, run.output));
        if (child && plan.pair(measure.child).isEmpty()) {
            throw new UsageError("--child=" + measure.child + ": not among the strategies and filters selected");
        }
        // Without a limit a run may exhaust memory, and the kernel then kills the JVM that holds it:
        // measured in a child, that is a crashed row in the parent's results, not the end of loomy.
        // OpenCV reads its pinning once, when its library loads: only a new JVM can be pinned.
        boolean pinChildren = run.reproducible && !OpenCvPinning.active();
        boolean fork = !child && (pinChildren || (measure.fork != null ? measure.fork
                : plan.pairs().size() > 1 || run.maxInFlight.isUnbounded()));
        if (run.maxInFlight.isUnbounded()) {
            unboundedCaveat(child, fork);
        }

        List<Measurement> measurements;
        try (Interrupts interrupts = child ? Interrupts.forChild(control, temps)
                : Interrupts.forRun(control, temps, fork && layout != null ? layout.root() : null, err, report.quiet)) {
            measurements = session(child, fork).run(plan);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            control.interrupt();
            measurements = List.of();
        }
        cleanUp(measurements, fork, layout);
        int status = ExitCodes.of(measurements, control.interrupted());
        // A folder that could not be read holds images that were not done: as a failed image does.
        status = status == ExitCodes.OK && unreadableFolders > 0 ? ExitCodes.FAILED_IMAGES : status;
        if (child) {
            return status;
        }
        Results results = new Results(measurements, MachineInfo.current(), optionsUsed(fork), control.interrupted(), fork,
                checked.reference(), checked.baseline());
        format.write(results, out);
        out.flush();
        status = files.write(results, err) ? status : Math.max(status, ExitCodes.USAGE);
        boolean human = format instanceof TableFormat || format instanceof MarkdownFormat;
        return RigorOptions.finish(checked, results, status, report.quiet, human, err);
    }

    /**
     * After an interrupt, deletes this JVM's temporary files (none should be left: every write
     * ends by renaming or deleting its own); after a child was stopped or died, those it may
     * have left in the output folder.
     */
    private void cleanUp(List<Measurement> measurements, boolean fork, OutputLayout layout) {
        if (control.interrupted()) {
            temps.deleteAll();
        }
        boolean childStopped = control.interrupted() || measurements.stream().anyMatch(m -> m.outcome() == Outcome.CRASHED);
        if (fork && layout != null && childStopped) {
            sayDeleted(TempFiles.sweepWithThisRun(layout.root()), "a stopped child JVM left", layout);
        }
    }

    private void sayDeleted(int swept, String who, OutputLayout layout) {
        if (swept > 0 && !report.quiet) {
            err.println("loomy: deleted " + swept + " temporary file" + (swept == 1 ? "" : "s") + " that " + who + " in "
                    + layout.root());
        }
    }

    /**
     * A child measuring without a limit offers itself first to the kernel's out-of-memory
     * killer (oom_score_adj 1000, which any process may set for itself), so that running out
     * of memory ends this child, a crashed row, rather than the user's other programs. Without
     * a child, the user is told what may happen.
     */
    private void unboundedCaveat(boolean child, boolean fork) {
        if (child) {
            try {
                Files.writeString(Path.of("/proc/self/oom_score_adj"), "1000");
            } catch (IOException | UnsupportedOperationException e) {
                // Not Linux: the system chooses as it will.
            }
        } else if (!fork && !report.quiet) {
            err.println("loomy: --max-in-flight=unbounded with --no-fork: should memory run out, the system may end "
                    + "loomy before it reports anything");
        }
    }

    /** Where the pairs are measured: here, in one child JVM each, or (as a child) the one pair asked for. */
    private Session session(boolean child, boolean fork) {
        if (child) {
            return new ChildSession(measure.child, control, out);
        }
        FailureLog failures = new FailureLog(err);
        RunListener progress = !report.quiet && !report.noProgress && StderrTerminal.detected()
                ? new ProgressBars(err) : RunListener.NONE;
        if (fork) {
            List<String> arguments = spec.commandLine().getParseResult().originalArgs();
            Map<String, String> environment = run.reproducible ? OpenCvPinning.ENVIRONMENT : Map.of();
            return new ForkedSession(ChildLauncher.ofThisJvm(arguments, run.parallelism(), environment), control,
                    failures, progress, err);
        }
        return new InProcessSession(control, failures, progress);
    }

    private ReportFiles reportFiles() throws UsageError {
        ReportFiles files = new ReportFiles(report.report, report.chart, report.timeline);
        try {
            files.check();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        return files;
    }

    /** --reproducible measures in children started with OpenCV pinned, unless this JVM already is. */
    private void checkReproducible() throws UsageError {
        if (run.reproducible && !OpenCvPinning.active() && Boolean.FALSE.equals(measure.fork)) {
            throw new UsageError("--reproducible with --no-fork: OpenCV can only be pinned when its JVM starts; drop "
                    + "--no-fork, or start loomy with " + pinningText() + " in its environment");
        }
    }

    private static String pinningText() {
        return OpenCvPinning.ENVIRONMENT.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(" "));
    }

    private List<Strategy> strategies() throws UsageError {
        try {
            return Strategies.parse(selection.strategies);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    private List<Filter> filters(FilterRegistry registry) throws UsageError {
        List<Filter> chosen = new ArrayList<>();
        for (String name : selection.filters) {
            try {
                Filter filter = registry.require(name);
                if (!chosen.contains(filter)) {
                    chosen.add(filter);
                }
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        return chosen;
    }

    private ResultFormat resultFormat() throws UsageError {
        try {
            return ResultFormat.named(report.format);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    private OutputFormat outputFormat() throws UsageError {
        try {
            return OutputFormat.parse(run.imageFormat);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    private void checkCounts() throws UsageError {
        measure.repeats();
        if (measure.warmup < 0) {
            throw new UsageError("--warmup must be 0 or more, not " + measure.warmup);
        }
        if (run.parallelism() < 1 || run.parallelism() > RunOptions.MAX_THREADS) {
            throw new UsageError("--parallelism must be from 1 to " + RunOptions.MAX_THREADS + ", not " + run.parallelism());
        }
        if (run.cvThreads < 1 || run.cvThreads > RunOptions.MAX_THREADS) {
            throw new UsageError("--cv-threads must be from 1 to " + RunOptions.MAX_THREADS + ", not " + run.cvThreads);
        }
        selection.check();
    }

    private List<ImageFile> images(Consumer<String> warnings) throws UsageError {
        try {
            InputWalker walker = new InputWalker(warnings);
            List<ImageFile> images = walker.walk(inputs);
            unreadableFolders = walker.unreadable();
            if (images.isEmpty()) {
                throw new UsageError("no images found in " + inputs + " (looked for " + String.join(", ",
                        dev.loomy.files.ImageExtensions.ALL) + ")");
            }
            return images;
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    private Map<String, Object> optionsUsed(boolean fork) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("strategy", selection.strategies);
        options.put("filter", selection.filters);
        options.put("output", run.noWrite ? null : run.output.toString());
        options.put("no-write", run.noWrite);
        options.put("image-format", run.imageFormat);
        options.put("repeat", measure.autoRepeat() ? "auto" : Integer.parseInt(measure.repeat.trim()));
        options.put("reference", rigor.reference);
        options.put("baseline", rigor.baseline);
        options.put("save-baseline", rigor.saveBaseline);
        options.put("fail-on-regression", rigor.failOnRegression);
        options.put("profile", rigor.profile);
        options.put("warmup", measure.warmup);
        options.put("parallelism", run.parallelism());
        options.put("cv-threads", run.cvThreads);
        options.put("io-latency", latencyText(run.ioLatency()));
        options.put("max-in-flight", run.maxInFlight.toString());
        options.put("strict", run.strict);
        options.put("fork", fork);
        options.put("reproducible", run.reproducible || OpenCvPinning.active());
        options.put("format", report.format);
        options.put("report", report.report == null ? null : report.report.toString());
        options.put("chart", report.chart == null ? null : report.chart.toString());
        options.put("timeline", report.timeline == null ? null : report.timeline.toString());
        options.put("inputs", inputs.stream().map(Path::toString).toList());
        return options;
    }

    /** "20ms", "0.5ms", or "0" for none. */
    private static String latencyText(Duration latency) {
        if (latency.isZero()) {
            return "0";
        }
        BigDecimal ms = BigDecimal.valueOf(latency.toNanos()).movePointLeft(6).stripTrailingZeros();
        return ms.toPlainString() + "ms";
    }
}
