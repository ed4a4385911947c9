package dev.loomy.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.loomy.console.Console;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.imageio.OneWriter;
import dev.loomy.report.Caveats;
import dev.loomy.report.ReportFiles;
import dev.loomy.report.ResultFormat;
import dev.loomy.report.SavedResults;
import dev.loomy.results.Format;
import dev.loomy.results.Results;
import dev.loomy.run.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loomy report FILE.json}: results saved as json rendered again, without measuring: the
 * table, another format, exports and charts, all from the one measurement the file holds.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Renders results saved as json (--format=json, --export-json, --report=FILE.json) again, "
                + "without measuring: in another format, as exports, as charts."},
        footer = {"", "Exit status: 0 rendered; 2 the file is not loomy's json results, or bad usage."})
public final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE.json", description = "loomy's json results")
    Path file;

    @Option(names = "--format", paramLabel = "F",
            description = "table, markdown, csv or json on standard output (default: ${DEFAULT-VALUE})")
    String format = "table";

    @Option(names = "--wide", description = "the table shows every column, however wide")
    boolean wide;

    @Mixin
    ExportOptions exports = new ExportOptions();

    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error but errors and warnings")
    boolean quiet;

    private final PrintStream out;
    private final PrintStream err;

    public ReportCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws UsageError {
        Console console = new Console(err, quiet);
        Format shown = UsageError.of(() -> Format.parse(format));
        ReportFiles files = UsageError.of(() -> new ReportFiles(Reports.exports(exports), exports.chart,
                exports.timeline, wide));
        UsageError.of(() -> {
            files.check(null);
            return null;
        });
        // The saved results are this command's input: nothing may be written onto them, checked again as each file is.
        InputGuard inputs = InputGuard.of(List.of(), List.of(new ImageFile(file, file.getFileName())));
        try {
            files.checkInputs(inputs);
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
        UsageError.of(() -> {
            files.probe();
            return null;
        });
        Results results = UsageError.of(() -> SavedResults.read(file));
        ResultFormat.of(shown, wide).write(results, out);
        out.flush();
        int status = files.write(results, new OneWriter(inputs), console) ? ExitCodes.OK : ExitCodes.USAGE;
        Caveats.say(results, shown, console);
        return status;
    }
}
