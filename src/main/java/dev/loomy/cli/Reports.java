package dev.loomy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.report.ReportFiles;
import dev.loomy.results.Export;
import dev.loomy.results.Format;
import dev.loomy.run.Reporting;

/** How the results are shown and where they are written, from {@link ReportOptions} and {@link ExportOptions}, checked. */
final class Reports {

    private Reports() {
    }

    /**
     * How the results are shown, and the files they are written to, checked against {@code output}
     * (a chart in it is fine though the folder is not there yet: the run makes it). Whether the run is a
     * job is not known yet: {@link Reporting#withJob} says.
     *
     * @param output the output folder, or null when nothing is written
     */
    static Reporting check(ReportOptions report, Path output) throws UsageError {
        Format format = report.format.isEmpty() ? Format.TABLE
                : UsageError.of(() -> Format.parse(report.format.get()));
        List<Export> exports = UsageError.of(() -> exports(report.exports));
        Reporting reporting = Reporting.of(format).withExports(exports).withChart(report.exports.chart)
                .withTimeline(report.exports.timeline).withQuiet(report.quiet)
                .withProgress(!report.quiet && !report.noProgress && StderrTerminal.detected()).withWide(report.wide);
        UsageError.of(() -> {
            files(reporting).check(output);
            return null;
        });
        return reporting;
    }

    /** Every results file asked for, {@code --report}'s first; a {@code --report} of an unknown extension is refused. */
    static List<Export> exports(ExportOptions options) {
        List<Export> exports = new ArrayList<>(options.report.stream().map(Export::report).toList());
        options.csv.forEach(file -> exports.add(new Export("--export-csv", Format.CSV, file)));
        options.json.forEach(file -> exports.add(new Export("--export-json", Format.JSON, file)));
        options.markdown.forEach(file -> exports.add(new Export("--export-markdown", Format.MARKDOWN, file)));
        return exports;
    }

    /** The files {@code --report}, {@code --export-*}, {@code --chart} and {@code --timeline} name. */
    static ReportFiles files(Reporting r) {
        return new ReportFiles(r.exports(), r.chart(), r.timeline(), r.wide());
    }
}
