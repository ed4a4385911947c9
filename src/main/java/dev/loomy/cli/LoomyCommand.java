package dev.loomy.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.loomy.engine.RunListener;
import dev.loomy.engine.Runner;
import dev.loomy.files.OutputLayout;
import dev.loomy.imageio.TempFiles;
import dev.loomy.report.MarkdownFormat;
import dev.loomy.report.ProgressBars;
import dev.loomy.report.ReportFiles;
import dev.loomy.report.ResultFormat;
import dev.loomy.report.TableFormat;
import dev.loomy.results.Results;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomy [OPTIONS] INPUT...}: filters a batch of images under each chosen strategy and
 * reports the timings. The options become a {@link RunConfig}; a {@link Runner} measures it;
 * the results are rendered in the format asked for; the exit status says how it went.
 */
@Command(name = "loomy", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Applies an image filter to every image under INPUT, under one or more concurrency "
                + "strategies, and prints timing tables per strategy."},
        footerHeading = "%nCommands (as the first argument):%n",
        footer = {
            "  filters   list every filter known, with its parameters",
            "  diff      compare two images or two folders of images",
            "  samples   write reproducible synthetic test images",
            "  gallery   a page of every image under every filter, side by side",
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
    EngineOptions engine;

    @Mixin
    RigorOptions rigor;

    /** The command line as parsed: the option values as given, before picocli splits them. */
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp); "
                    + "with --engine=spark, URIs too (hdfs://, s3a://, file:)")
    List<String> inputs;

    private final PrintStream out;
    private final PrintStream err;
    private final RunControl control = new RunControl();
    private final TempFiles temps = new TempFiles();

    /** @param out where results go; @param err where progress, warnings and errors go */
    public LoomyCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** The one way a run is stopped (Ctrl-C and SIGTERM come through {@link dev.loomy.run.Interrupts}). */
    RunControl control() {
        return control;
    }

    @Override
    public Integer call() {
        // The output folder, and its outermost parent that this run makes (null when it exists).
        Path output = null;
        Path made = null;
        try {
            ConfigBuilder builder = new ConfigBuilder(this, w -> err.println("loomy: " + w));
            RunConfig config = builder.build();
            output = config.layout() == null ? null : config.layout().root();
            made = output == null ? null : OutputLayout.firstMissing(output);
            ConfigBuilder.prepareOutputs(config);
            RunConfig.Reporting reporting = config.reporting();
            RunListener progress = reporting.progress() ? new ProgressBars(err) : RunListener.NONE;
            RigorOptions.Checked checked = builder.baselines();
            Results measured = new Runner(control, temps, progress, err).run(config);
            Results results = checked.baseline() == null ? measured : checked.baseline().compare(measured);
            int status = ExitCodes.of(results.measurements(), results.interrupted());
            // A folder that could not be read holds images that were not done: as a failed image does.
            status = status == ExitCodes.OK && builder.unreadableFolders() > 0 ? ExitCodes.FAILED_IMAGES : status;
            ResultFormat format = ResultFormat.named(reporting.format());
            format.write(results, out);
            out.flush();
            ReportFiles files = new ReportFiles(reporting.report(), reporting.chart(), reporting.timeline());
            status = files.write(results, err) ? status : Math.max(status, ExitCodes.USAGE);
            return RigorOptions.finish(checked, results, status, reporting.quiet(),
                    format instanceof TableFormat || format instanceof MarkdownFormat, err);
        } catch (UsageError e) {
            e.print(err);
            return ExitCodes.USAGE;
        } finally {
            if (made != null) {
                OutputLayout.deleteIfEmpty(output, made);
            }
            out.flush();
            err.flush();
        }
    }
}
