package dev.loomy.run;

import java.nio.file.Path;
import java.util.List;

import dev.loomy.results.Export;
import dev.loomy.results.Format;

/**
 * How the results are shown.
 *
 * @param format   {@code --format}: what standard output shows
 * @param exports  the files the results are also written to ({@code --report}, {@code --export-*})
 * @param chart    null when not asked for; likewise timeline
 * @param progress whether a progress bar is drawn
 * @param wide     whether the table shows every column, however wide ({@code --wide})
 * @param job      whether standard output gets a summary line per filter in place of the table: a run of
 *                 one strategy, each filter once, is a job rather than a comparison, unless {@code
 *                 --format} asks otherwise
 */
public record Reporting(Format format, List<Export> exports, Path chart, Path timeline, boolean quiet,
                        boolean progress, boolean wide, boolean job) {

    public Reporting {
        exports = exports == null ? List.of() : List.copyOf(exports);
    }

    /** Showing the results in {@code format} only, with nothing drawn and nothing said: the {@code with} methods add. */
    public static Reporting of(Format format) {
        return new Reporting(format, List.of(), null, null, false, false, false, false);
    }

    public Reporting withExports(List<Export> value) {
        return new Reporting(format, value, chart, timeline, quiet, progress, wide, job);
    }

    /** Written to {@code report} as well ({@code --report}). */
    public Reporting withReport(Path report) {
        return withExports(List.of(Export.report(report)));
    }

    public Reporting withChart(Path value) {
        return new Reporting(format, exports, value, timeline, quiet, progress, wide, job);
    }

    public Reporting withTimeline(Path value) {
        return new Reporting(format, exports, chart, value, quiet, progress, wide, job);
    }

    public Reporting withQuiet(boolean value) {
        return new Reporting(format, exports, chart, timeline, value, progress, wide, job);
    }

    public Reporting withProgress(boolean value) {
        return new Reporting(format, exports, chart, timeline, quiet, value, wide, job);
    }

    public Reporting withWide(boolean value) {
        return new Reporting(format, exports, chart, timeline, quiet, progress, value, job);
    }

    public Reporting withJob(boolean value) {
        return new Reporting(format, exports, chart, timeline, quiet, progress, wide, value);
    }
}
