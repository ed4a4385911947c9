package dev.loomy.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.loomy.console.Console;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.OutputLayout;
import dev.loomy.files.Targets;
import dev.loomy.imageio.OneWriter;
import dev.loomy.manifest.Manifest;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;

/**
 * The files a run writes besides standard output: {@code --report} and {@code --export-*}, all
 * from the same results, {@code --chart} and {@code --timeline}. Their paths, and that charts
 * can draw text on this host, are checked before any work, so that a typo does not cost a whole
 * benchmark; each file is written whole or not at all.
 *
 * @param exports the results files, in any format; none when not asked for
 * @param chart   null when not asked for; likewise timeline
 * @param wide    whether a table written to a file shows every column (else it fits {@link
 *                TableFormat#DEFAULT_WIDTH})
 */
public record ReportFiles(List<Export> exports, Path chart, Path timeline, boolean wide) {

    public ReportFiles {
        exports = exports == null ? List.of() : List.copyOf(exports);
    }

    /** With one {@code --report} file, or none (null). */
    public ReportFiles(Path report, Path chart, Path timeline) {
        this(report == null ? List.of() : List.of(Export.report(report)), chart, timeline, false);
    }

    /**
     * Refuses, with the option and the reason, a path that could not be written later.
     *
     * @param outputFolder the folder the run makes for its images, which may not exist yet; null when it makes none
     */
    public void check(Path outputFolder) {
        List<Path> seen = new ArrayList<>();
        Path created = outputFolder == null ? null : outputFolder.toAbsolutePath().normalize();
        for (Export export : exports) {
            checkWritable(export.option(), export.file(), seen, created);
        }
        if (chart != null) {
            checkPng("--chart", chart);
            checkWritable("--chart", chart, seen, created);
        }
        if (timeline != null) {
            checkPng("--timeline", timeline);
            checkWritable("--timeline", timeline, seen, created);
        }
        if (chart != null || timeline != null) {
            try {
                ChartFonts.ready();
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException((chart != null ? "--chart=" + chart : "--timeline=" + timeline)
                        + ": " + e.getMessage());
            }
        }
    }

    /** Refuses a file that would be written onto an input image or into an input folder. */
    public void checkInputs(InputGuard guard) throws InputProblem {
        for (Named file : named()) {
            guard.check(file.option() + "=" + Names.shown(file.path()), file.path());
        }
    }

    /** Refuses a file that is one of the run's output images: it would replace that image. */
    public void checkOutputs(OutputLayout layout, List<ImageFile> images, List<String> filters, List<String> strategies)
            throws InputProblem {
        OutputLayout.ImageCheck check = outputsCheck(layout, filters, strategies);
        for (ImageFile image : images) {
            check.accept(image);
        }
    }

    /** As {@link #checkOutputs}, image by image as a walk gives them. */
    public OutputLayout.ImageCheck outputsCheck(OutputLayout layout, List<String> filters, List<String> strategies) {
        List<OutputLayout.ImageCheck> checks = named().stream().map(file -> layout.notAnOutput(file.option() + "="
                + Names.shown(file.path()), file.path(), filters, strategies)).toList();
        return image -> {
            for (OutputLayout.ImageCheck check : checks) {
                check.accept(image);
            }
        };
    }

    /**
     * Creates and deletes a file beside each one in a folder that exists, so that a folder that
     * takes no files (read-only, or such as /proc) is refused before the run, not after it. A
     * folder still missing is the output folder, which the run makes and probes before any image.
     */
    public void probe() {
        for (Named file : named()) {
            Path folder = file.path().toAbsolutePath().normalize().getParent();
            if (folder == null || !Files.isDirectory(folder)) {
                continue;
            }
            try {
                OneWriter.probe(folder);
            } catch (IOException e) {
                throw new IllegalArgumentException(file.option() + "=" + Names.shown(file.path()) + ": cannot be written: "
                        + IoReasons.ofCreating(e));
            }
        }
    }

    private record Named(String option, Path path) {
    }

    private List<Named> named() {
        List<Named> files = new ArrayList<>();
        for (Export export : exports) {
            files.add(new Named(export.option(), export.file()));
        }
        if (chart != null) {
            files.add(new Named("--chart", chart));
        }
        if (timeline != null) {
            files.add(new Named("--timeline", timeline));
        }
        return files;
    }

    private static void checkPng(String option, Path file) {
        if (file.getFileName() == null || !file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException(option + "=" + file + ": must name a .png file");
        }
    }

    private static void checkWritable(String option, Path file, List<Path> seen, Path created) {
        Path absolute = file.toAbsolutePath().normalize();
        Path folder = absolute.getParent();
        String problem = null;
        String target = Targets.problem(absolute);
        if (seen.contains(absolute)) {
            problem = "named by another option too";
        } else if (folder != null && folder.getFileName() != null
                && folder.getFileName().toString().equals(Manifest.FOLDER)) {
            // An output folder's .loomy holds its manifest and lock: a report written there would replace them.
            problem = "lies in a " + Manifest.FOLDER + " folder, where loomy keeps a run's manifest and lock; "
                    + "choose another folder";
        } else if (Files.isDirectory(absolute)) {
            problem = "is a folder";
        } else if (target != null) {
            problem = target + ": " + Targets.ONLY_REGULAR;
        } else if (folder != null && folder.equals(created) && !Files.exists(folder)) {
            // The run makes it before any image; it finds then whether it can.
            problem = null;
        } else if (folder == null || !Files.exists(folder)) {
            problem = "folder " + (folder == null ? "/" : folder) + " does not exist";
        } else if (!Files.isDirectory(folder)) {
            problem = (folder) + " is not a folder";
        } else if (!Files.isWritable(folder)) {
            problem = "folder " + folder + " is not writable";
        }
        if (problem != null) {
            throw new IllegalArgumentException(option + "=" + file + ": " + problem);
        }
        seen.add(absolute);
    }

    /** Writes every file asked for, through {@code temps}; returns false (having said why) if one could not be. */
    public boolean write(Results results, OneWriter temps, Console console) {
        boolean ok = true;
        for (Export export : exports) {
            ResultFormat format = export.format() == Format.TABLE ? new TableFormat(TableFormat.DEFAULT_WIDTH, wide)
                    : ResultFormat.of(export.format());
            ok &= write(export.option(), export.file(), console, () -> temps.replace(export.file(),
                    rendered(format, results)));
        }
        boolean measured = results.measurements().stream().anyMatch(m -> !m.runs().isEmpty());
        if ((chart != null || timeline != null) && !measured) {
            console.error("no run was measured, so no chart was drawn");
            return false;
        }
        if (chart != null) {
            // A scan is drawn against the scanned value; otherwise each strategy's bars.
            ok &= write("--chart", chart, console, () -> {
                if (Schema.scanned(results).isEmpty()) {
                    ThroughputChart.write(results, chart, temps);
                } else {
                    ScanChart.write(results, chart, temps);
                }
            });
        }
        if (timeline != null) {
            ok &= write("--timeline", timeline, console, () -> TimelineChart.write(results, timeline, temps));
        }
        return ok;
    }

    /**
     * Writes the json results as a baseline ({@code --save-baseline}), through {@code temps}; false
     * (having said why) if it could not be, the baseline saved before kept.
     */
    public static boolean saveBaseline(Results results, Path file, OneWriter temps, Console console) {
        return write("--save-baseline", file, console, () -> temps.replace(file,
                rendered(new JsonFormat(), results)));
    }

    private static OneWriter.Content rendered(ResultFormat format, Results results) {
        return out -> {
            PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
            format.write(results, print);
            print.flush();
        };
    }

    private interface Writing {
        void run() throws IOException;
    }

    private static boolean write(String option, Path file, Console console, Writing writing) {
        try {
            writing.run();
            return true;
        } catch (IOException e) {
            // The reason alone: the exception's message names the temporary file, which the user never gave.
            console.error(option + "=" + Names.shown(file) + ": cannot be written: " + IoReasons.of(e));
            return false;
        } catch (RuntimeException e) {
            console.error(option + "=" + Names.shown(file) + ": cannot be written: " + e.getMessage());
            return false;
        }
    }
}
