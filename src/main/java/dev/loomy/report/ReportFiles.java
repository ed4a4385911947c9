package dev.loomy.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.Names;
import dev.loomy.imageio.TempFiles;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;

/**
 * The files a run writes besides standard output: {@code --report}, {@code --chart} and
 * {@code --timeline}. Their paths, and that charts can draw text on this host, are checked
 * before any work, so that a typo does not cost a whole benchmark; each file is written whole
 * or not at all.
 *
 * @param report   null when not asked for; likewise the others
 */
public record ReportFiles(Path report, Path chart, Path timeline) {

    /** Refuses, with the option and the reason, a path that could not be written later. */
    public void check() {
        List<Path> seen = new ArrayList<>();
        if (report != null) {
            ResultFormat.forFile(report);
            checkWritable("--report", report, seen);
        }
        if (chart != null) {
            checkPng("--chart", chart);
            checkWritable("--chart", chart, seen);
        }
        if (timeline != null) {
            checkPng("--timeline", timeline);
            checkWritable("--timeline", timeline, seen);
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
        if (report != null) {
            guard.check("--report=" + Names.shown(report), report);
        }
        if (chart != null) {
            guard.check("--chart=" + Names.shown(chart), chart);
        }
        if (timeline != null) {
            guard.check("--timeline=" + Names.shown(timeline), timeline);
        }
    }

    private static void checkPng(String option, Path file) {
        if (file.getFileName() == null || !file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new IllegalArgumentException(option + "=" + file + ": must name a .png file");
        }
    }

    private static void checkWritable(String option, Path file, List<Path> seen) {
        Path absolute = file.toAbsolutePath().normalize();
        Path folder = absolute.getParent();
        String problem = null;
        if (seen.contains(absolute)) {
            problem = "named by another option too";
        } else if (Files.isDirectory(absolute)) {
            problem = "is a folder";
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

    /** Writes every file asked for; returns false (having said why on {@code err}) if one could not be. */
    public boolean write(Results results, PrintStream err) {
        boolean ok = true;
        if (report != null) {
            ok &= write("--report", report, err, () -> TempFiles.replaceOnce(report,
                    rendered(ResultFormat.forFile(report), results)));
        }
        boolean measured = results.measurements().stream().anyMatch(m -> !m.runs().isEmpty());
        if ((chart != null || timeline != null) && !measured) {
            err.println("loomy: no run was measured, so no chart was drawn");
            return false;
        }
        if (chart != null) {
            // A scan is drawn against the scanned value; otherwise each strategy's bars.
            ok &= write("--chart", chart, err, () -> {
                if (Schema.scanned(results).isEmpty()) {
                    ThroughputChart.write(results, chart);
                } else {
                    ScanChart.write(results, chart);
                }
            });
        }
        if (timeline != null) {
            ok &= write("--timeline", timeline, err, () -> TimelineChart.write(results, timeline));
        }
        return ok;
    }

    /** Writes the json results as a baseline ({@code --save-baseline}); false (said on {@code err}) if it could not be. */
    public static boolean saveBaseline(Results results, Path file, PrintStream err) {
        return write("--save-baseline", file, err, () -> TempFiles.replaceOnce(file, rendered(new JsonFormat(), results)));
    }

    private static TempFiles.Content rendered(ResultFormat format, Results results) {
        return out -> {
            PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
            format.write(results, print);
            print.flush();
        };
    }

    private interface Writing {
        void run() throws IOException;
    }

    private static boolean write(String option, Path file, PrintStream err, Writing writing) {
        try {
            writing.run();
            return true;
        } catch (IOException | RuntimeException e) {
            err.println("loomy: " + option + "=" + file + ": cannot be written: " + e.getMessage());
            return false;
        }
    }
}
