package dev.loomy.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import dev.loomy.console.Console;
import dev.loomy.engine.OpenManifest;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.ImageWalk;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.OutputCheck;
import dev.loomy.files.OutputLayout;
import dev.loomy.files.UriWalk;
import dev.loomy.imageio.Frames;
import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestException;
import dev.loomy.imageio.OneWriter;
import dev.loomy.report.ReportFiles;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;

/**
 * Where a run writes (images, reports, charts, recordings): checked against the inputs in the one
 * walk of them before the run, then made ready.
 */
final class Outputs {

    private Outputs() {
    }

    /**
     * The images as the one walk before the run found them, the folders it could not read, and the
     * guard that found no output among the inputs, which every write checks again.
     *
     * @param unreadable folders under the inputs that could not be read: their images were not done
     */
    record Survey(ImageSet images, int unreadable, InputGuard guard) {
    }

    /**
     * Walks the inputs once before any image is processed: counts the images, says which hold several
     * pictures (unless quiet), and checks that outputs, charts, reports, recordings and a baseline saved
     * land neither in an input folder nor on an input image. Nothing it keeps grows with the number of
     * images.
     *
     * @param baseline where {@code --save-baseline} writes, or null
     */
    static Survey survey(RunConfig config, Locations locations, Console console, Path baseline) throws UsageError {
        List<String> filters = config.filters().stream().map(f -> f.name()).toList();
        ReportFiles files = Reports.files(config.reporting());
        try {
            ImageWalk walk = locations.walk(console);
            UriWalk byUri = locations.byUri(console);
            if (!walk.hasNext() && !byUri.hasNext()) {
                throw locations.noImages();
            }
            InputGuard guard = InputGuard.of(config.inputs());
            files.checkInputs(guard);
            if (baseline != null) {
                guard.check("--save-baseline=" + config.measuring().baselines().saveAs() + " (" + Names.shown(baseline)
                        + ", under LOOMY_HOME)", baseline);
            }
            Measures.checkRecordings(config, guard);
            OutputLayout layout = config.layout();
            OutputCheck outputs = null;
            OutputLayout.ImageCheck reports = image -> { };
            if (layout != null) {
                layout.checkFolder(config.inputs(), filters);
                outputs = layout.checker(config.inputs(), filters, config.strategyNames(), guard);
                reports = files.outputsCheck(layout, filters, config.strategyNames());
            }
            int count = 0;
            while (walk.hasNext()) {
                ImageFile image = walk.next();
                count++;
                if (!console.quiet()) {
                    // A read of the image's header: not made for notes no one sees.
                    Frames.note(image, console::info);
                }
                if (outputs != null) {
                    outputs.accept(image);
                    reports.accept(image);
                }
            }
            if (outputs != null) {
                outputs.finish();
                layout.checkWritable();
            }
            for (; byUri.hasNext(); byUri.next()) {
                count++;
            }
            ImageSet images = ImageSet.walked(count, locations.uris());
            if (config.output().write() && locations.anyUri()) {
                locations.checkOutput(config, images);
            }
            return new Survey(images, walk.unreadable(), guard);
        } catch (InputProblem | UncheckedIOException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /**
     * Makes the output folder and writes a file where each output goes: called after every other
     * check, so that a folder that takes no files is refused before any image, and a refused run
     * leaves no output folder behind. Where the run records its outputs in the folder's manifest,
     * it takes the folder's lock for the run, refusing the run when another holds it.
     *
     * @return the lock, to be closed when the run ends; null when the run records nothing
     */
    static Manifest.Lock prepare(RunConfig config) throws UsageError {
        ReportFiles files = Reports.files(config.reporting());
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
                OneWriter.makeFolders(recordings);
                OneWriter.probe(recordings);
            } catch (IOException e) {
                throw new UsageError("--profile=jfr: its recordings folder " + Names.shown(recordings)
                        + " cannot be written: " + IoReasons.ofCreating(e) + ": choose another output folder with -o");
            }
        }
        Path folder = OpenManifest.folder(config);
        if (folder == null || !Manifest.kept(folder, config.output().incremental())) {
            return null;
        }
        try {
            return Manifest.lock(folder);
        } catch (ManifestException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** Makes the output folder and writes and deletes a file in it: a read-only mount, say, found before any image. */
    private static void makeReady(Path root) throws UsageError {
        Path absolute = root.toAbsolutePath().normalize();
        try {
            OneWriter.makeFolders(absolute);
        } catch (IOException e) {
            throw new UsageError("output folder " + Names.shown(root) + " cannot be written: cannot be created ("
                    + IoReasons.ofCreating(e) + "): choose another with -o");
        }
        try {
            OneWriter.probe(absolute);
        } catch (IOException e) {
            throw new UsageError("output folder " + Names.shown(root) + " cannot be written: " + IoReasons.ofCreating(e)
                    + ": choose another with -o");
        }
    }

    /**
     * The output folder as this run found it: one the run makes (from {@code first}, the outermost
     * missing folder; null when there is none) is removed again if the run leaves it empty.
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
