package dev.loomy.cli;

import java.util.List;
import java.util.Locale;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.baseline.BaselineException;
import dev.loomy.baseline.Baselines;
import dev.loomy.console.Console;
import dev.loomy.console.Phases;
import dev.loomy.files.ImageSet;
import dev.loomy.files.InputGuard;
import dev.loomy.files.OutputFormat;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.OneWriter;
import dev.loomy.run.EngineChoice;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.Reporting;
import dev.loomy.run.JvmComparison;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Scan;
import dev.loomy.strategy.Strategy;

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
        OneWriter writer() {
            return new OneWriter(inputs);
        }
    }

    /** Rows a sweep may make before the run says how many. */
    private static final int HANDFUL = 10;

    private ConfigBuilder() {
    }

    /**
     * Checks each option class with its checker, in the order of --help's sections where one needs
     * nothing of a later one: what to run ({@link Runs}), the engine, which decides whether INPUT and
     * --output may be URIs ({@link Engines}, {@link Locations}), the output and reports ({@link Reports}),
     * the filters ({@link Selections}), measuring ({@link Measures}, which checks --reference against
     * the filters and puts recordings in the output folder); then the inputs walked ({@link Outputs}).
     *
     * @param console says what the walk of the inputs skipped, and what the options given do not do
     */
    static Plan build(MainOptions options, Console console) throws UsageError {
        SelectionOptions selection = options.selection;
        RunOptions run = options.run;
        MeasureOptions measure = options.measure;
        Runs.Checked checked = Runs.check(run, measure.fork);
        List<Strategy> strategies = checked.strategies();
        Scan scan = checked.scan();
        EngineChoice engine = Engines.check(options.engine, run, checked, measure, console);
        Locations locations = new Locations(options.inputs, run.output.orElse(RunOptions.DEFAULT_OUTPUT),
                engine.spark() ? engine.sparkConf() : null);
        Reporting reporting = Reports.check(options.report, run.noWrite ? null : locations.outputFolder());
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
        Measures.Checked measures = Measures.check(measure, checked.strategyNames(), filterNames,
                locations.outputFolder());
        Baselines baselines = open(measures.baselines());
        JvmComparison jvms = Jvms.choice(measure.jvms, measure.fork, engine);
        boolean job = options.report.format.isEmpty() && job(strategies.size() * scan.size(), measures)
                && !jvms.compares();
        RunConfig config = new RunConfig(locations.paths(), ImageSet.of(List.of()), strategies, filters.resolved(),
                new RunConfig.Selection(run.strategies, selection.filters, selection.params, locations.given(),
                        filters.file()),
                new RunConfig.Output(locations.outputFolder(), !run.noWrite, checked.imageFormat(),
                        locations.outputUri(), checked.keepMetadata(), run.incremental, checked.quality()),
                new RunConfig.Measuring(measures.warmups(), measures.repeats(), fork(checked, measure, job ? 1
                        : strategies.size() * filters.resolved().size(), scan, engine) || jvms.compares(),
                        measures.settings(), measures.reference(), measures.baselines(), measures.order()),
                checked.execution(), reporting.withJob(job), engine, scan, jvms);
        Phases.mark("config built");
        Outputs.Survey survey = Outputs.survey(config, locations, console, baselines.saveTo());
        Phases.mark("inputs surveyed");
        if (run.noWrite) {
            sayIgnored(run, measures.settings().jfrFolder() != null, console);
        } else {
            sayUnused(run, checked, console);
        }
        return new Plan(config.withImages(survey.images()), baselines, survey.unreadable(), survey.guard());
    }

    /**
     * Whether each trial runs in a child JVM: as asked, else when there are several. Without a
     * limit a run may exhaust memory, and the kernel then kills the JVM that holds it: measured in
     * a child, that is a crashed row in the parent's results, not the end of loomy. OpenCV reads
     * its pinning once, when its library loads: only a new JVM can be pinned. On Spark, every
     * trial runs in Spark's executors: nothing is forked, nor by any engine but the local one.
     */
    private static boolean fork(Runs.Checked checked, MeasureOptions measure, int trials, Scan scan,
                                EngineChoice engine) {
        return engine.local() && (checked.execution().pinChildren() || (measure.fork != null ? measure.fork : trials * scan.size() > 1
                || scan.maxInFlight().stream().anyMatch(InFlightLimit::isUnbounded)));
    }

    /**
     * Whether the run is a job rather than a comparison, and says so in a line per filter: one
     * strategy, any filters, each run once, without a warm-up, a baseline or a profiler, whose table
     * would show. Its filters run one after another in this JVM: nothing is compared, so nothing
     * needs a JVM of its own.
     */
    private static boolean job(int rows, Measures.Checked measures) {
        MeasureSettings settings = measures.settings();
        return rows == 1 && measures.repeats() == 1 && !settings.autoRepeat() && measures.warmups() == 0
                && settings.profiles().isEmpty() && measures.baselines().compareWith() == null
                && measures.baselines().saveAs() == null;
    }

    /** Reads the baseline compared with and finds where one is saved: a problem with either is bad usage. */
    private static Baselines open(RunConfig.Baselines given) throws UsageError {
        try {
            return Baselines.open(given);
        } catch (IllegalArgumentException | BaselineException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** The output options given that the image format asked for makes do nothing. */
    private static void sayUnused(RunOptions run, Runs.Checked checked, Console console) {
        if (run.quality.isPresent() && checked.imageFormat() == OutputFormat.PNG) {
            console.warning("--quality does nothing with --image-format=png: PNG is lossless");
        }
        if (run.keepMetadata.isPresent() && checked.keepMetadata() != KeepMetadata.NONE
                && checked.imageFormat() == OutputFormat.WEBP) {
            console.warning("--keep-metadata does nothing with --image-format=webp: a WebP output keeps no metadata");
        }
    }

    /** With --no-write, the output options given do nothing (the output folder still takes recordings). */
    private static void sayIgnored(RunOptions run, boolean recordings, Console console) {
        if (run.imageFormat.isPresent()) {
            console.warning("--image-format does nothing with --no-write: no image is written");
        }
        if (run.keepMetadata.isPresent()) {
            console.warning("--keep-metadata does nothing with --no-write: no image is written");
        }
        if (run.quality.isPresent()) {
            console.warning("--quality does nothing with --no-write: no image is written");
        }
        if (run.output.isPresent() && !recordings) {
            console.warning("--output does nothing with --no-write: no image is written");
        }
    }
}
