package dev.loomy.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import dev.loomy.console.Console;
import dev.loomy.console.Phases;
import dev.loomy.engine.RunListener;
import dev.loomy.engine.Runner;
import dev.loomy.manifest.Manifest;
import dev.loomy.imageio.OneWriter;
import dev.loomy.report.Caveats;
import dev.loomy.report.JobSummary;
import dev.loomy.report.ProgressBars;
import dev.loomy.report.ResultFormat;
import dev.loomy.results.Results;
import dev.loomy.run.ExitCodes;
import dev.loomy.run.RefusedSettings;
import dev.loomy.run.Reporting;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code loomy [OPTIONS] INPUT...}: filters a batch of images under each chosen strategy and
 * reports the timings. The options become a {@link RunConfig}; a {@link Runner} measures it;
 * the results are rendered in the format asked for; the exit status says how it went.
 */
@Command(name = "loomy", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true, abbreviateSynopsis = true,
        description = {"Applies an image filter to every image under INPUT, under one or more concurrency "
                + "strategies, and prints timing tables per strategy."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "  0:every image done (damaged but decodable ones with a warning)",
            "  1:some images failed, or a folder could not be read",
            "  2:bad usage",
            "  3:a strategy run crashed",
            "  4:a regression beyond --fail-on-regression",
            "130:interrupted",
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  Filter a folder: every image under photos through Cartoon2, into out",
            "    loomy -f Cartoon2 -o out photos",
            "  Compare strategies: each in a JVM of its own, 1 warm-up, 3 counted runs",
            "    loomy -s all -f NoOp,Cartoon2 --warmup=1 --repeat=3 --no-write photos",
            "  Experiment with filters: one's parameters, a variant per value, a gallery",
            "    loomy filters Cartoon2",
            "    loomy -s loop -f Cartoon2 --param=red=20,200 -o out photos",
            "    loomy gallery -f Cartoon2,Gotham,Canny photos",
        })
public final class LoomyCommand implements Callable<Integer> {

    @Mixin
    MainOptions options;

    private final PrintStream out;
    private final PrintStream err;
    private final RunControl control = new RunControl();

    /** @param out where results go; @param err where progress, warnings and errors go */
    public LoomyCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * The main command's command line: its help lists the options by section and the commands that
     * may stand first, and an option given twice takes the last value, as it did when the sections
     * were argument groups (each of which picocli let start again).
     */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine main = new CommandLine(new LoomyCommand(out, err));
        CommandsHelp.addTo(main);
        OptionSections.addTo(main);
        return main.setOverwrittenOptionsAllowed(true);
    }

    /** The one way a run is stopped (Ctrl-C and SIGTERM come through {@link dev.loomy.run.Interrupts}). */
    RunControl control() {
        return control;
    }

    @Override
    public Integer call() throws UsageError {
        Console console = new Console(err, options.report.quiet);
        ConfigBuilder.Plan plan = ConfigBuilder.build(options, console);
        RunConfig config = plan.config();
        Reporting reporting = config.reporting();
        OneWriter temps = plan.writer();
        try (Outputs.Made made = Outputs.Made.by(config); Manifest.Lock lock = Outputs.prepare(config)) {
            Phases.mark("output prepared");
            RunListener progress = reporting.progress() ? new ProgressBars(err) : RunListener.NONE;
            Results results;
            try {
                results = plan.baselines().compare(new Runner(control, temps, progress, console).run(config));
            } catch (RefusedSettings e) {
                throw new UsageError(e.getMessage());
            }
            Phases.mark("images done");
            if (!reporting.job()) {
                ResultFormat.of(reporting.format(), reporting.wide()).write(results, out);
            } else if (!reporting.quiet()) {
                new JobSummary(config.filters().size() > 1).write(results, out);
            }
            out.flush();
            int status = ExitCodes.of(results, plan.unreadableFolders());
            if (!Reports.files(reporting).write(results, temps, console)) {
                status = Math.max(status, ExitCodes.USAGE);
            }
            Caveats.say(results, reporting.format(), console);
            return plan.baselines().finish(results, status, temps, console);
        }
    }
}
