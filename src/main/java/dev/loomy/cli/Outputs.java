package dev.loomy.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.OutputLayout;
import dev.loomy.imageio.TempFiles;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;

/** Where a run writes (images, reports, charts, recordings): checked against the inputs, then made ready. */
final class Outputs {

    private Outputs() {
    }

    /**
     * Outputs, charts, reports, recordings and a baseline saved may land neither in an input folder
     * nor on an input image. Returns the guard that found so, which every write checks again.
     *
     * @param baseline where {@code --save-baseline} writes, or null
     */
    static InputGuard checkUntouched(RunConfig config, Locations locations, Path baseline) throws UsageError {
        List<String> filters = config.filters().stream().map(f -> f.name()).toList();
        ReportFiles files = reportFiles(config.reporting());
        try {
            List<ImageFile> onPaths = config.images().stream().filter(image -> image.uri() == null).toList();
            InputGuard guard = InputGuard.of(config.inputs(), onPaths);
            files.checkInputs(guard);
            if (baseline != null) {
                guard.check("--save-baseline=" + config.measuring().baselines().saveAs() + " (" + Names.shown(baseline)
                        + ", under LOOMY_HOME)", baseline);
            }
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
            return guard;
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    /**
     * Makes the output folder and writes a file where each output goes: called after every other
     * check, so that a folder that takes no files is refused before any image, and a refused run
     * leaves no output folder behind.
     */
    static void prepare(RunConfig config) throws UsageError {
        ReportFiles files = reportFiles(config.reporting());
        UsageError.of(() -> {
            files.probe();
            return null;
        });
        OutputLayout layout = config.layout();
        if (layout != null) {
            makeReady(layout.root());
        }
        Path recordings = config.measuring().settings().jfrFolder();
        if (recordings != null) {
            // Made even with --no-write: found now, not after every row was measured.
            try {
                TempFiles.makeFolders(recordings);
                TempFiles.probe(recordings);
            } catch (IOException e) {
                throw new UsageError("--profile=jfr: its recordings folder " + Names.shown(recordings)
                        + " cannot be written: " + IoReasons.ofCreating(e) + ": choose another output folder with -o");
            }
        }
    }

    /**
     * Makes the output folder and writes and deletes a file in it: what a look at its permissions
     * misses (a read-only mount, a file system such as /proc that takes no new files) is found
     * here, before any image is processed, not once per image.
     */
    private static void makeReady(Path root) throws UsageError {
        Path absolute = root.toAbsolutePath().normalize();
        try {
            TempFiles.makeFolders(absolute);
        } catch (IOException e) {
            throw new UsageError("output folder " + Names.shown(root) + " cannot be written: cannot be created ("
                    + IoReasons.ofCreating(e) + "): choose another with -o");
        }
        try {
            TempFiles.probe(absolute);
        } catch (IOException e) {
            throw new UsageError("output folder " + Names.shown(root) + " cannot be written: " + IoReasons.ofCreating(e)
                    + ": choose another with -o");
        }
    }

    /** The files {@code --report}, {@code --export-*}, {@code --chart} and {@code --timeline} name. */
    static ReportFiles reportFiles(RunConfig.Reporting reporting) {
        return new ReportFiles(reporting.exports(), reporting.chart(), reporting.timeline(), reporting.wide());
    }

    /** Every results file asked for, {@code --report}'s first; a {@code --report} of an unknown extension is refused. */
    static List<Export> exports(ExportOptions options) {
        List<Export> exports = new ArrayList<>(options.report.stream().map(Export::report).toList());
        options.csv.forEach(file -> exports.add(new Export("--export-csv", Format.CSV, file)));
        options.json.forEach(file -> exports.add(new Export("--export-json", Format.JSON, file)));
        options.markdown.forEach(file -> exports.add(new Export("--export-markdown", Format.MARKDOWN, file)));
        return exports;
    }

    /**
     * The output folder as this run found it: when the run makes it (and folders above it), it is
     * removed again if the run leaves it empty.
     *
     * @param first the outermost folder the run makes, or null when the output folder exists (or there is none)
     */
    record Made(Path output, Path first) implements AutoCloseable {

        static Made by(RunConfig config) {
            Path output = config.layout() == null ? null : config.layout().root();
            return new Made(output, output == null ? null : OutputLayout.firstMissing(output));
        }

        @Override
        public void close() {
            if (first != null) {
                OutputLayout.deleteIfEmpty(output, first);
            }
        }
    }
}
