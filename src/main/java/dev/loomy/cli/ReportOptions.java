package dev.loomy.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** How results are shown, and where else they go. */
public final class ReportOptions {

    @Option(names = "--format", paramLabel = "F",
            description = "table, markdown, csv or json on standard output (default: ${DEFAULT-VALUE})")
    String format = "table";

    @Option(names = "--report", paramLabel = "FILE",
            description = "also write the results to FILE, in the format its extension names: .csv, .json, .md (or .txt: the table)")
    Path report;

    @Option(names = "--chart", paramLabel = "FILE",
            description = "a PNG chart (FILE ends in .png) of images/sec per strategy and filter, with each one's "
                    + "slowest and fastest run")
    Path chart;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "a PNG (FILE ends in .png) of when each image finished against the order it was submitted, "
                    + "per strategy (its median run)")
    Path timeline;

    @Option(names = "--quiet", description = "print nothing on standard error but errors")
    boolean quiet;

    @Option(names = "--no-progress", description = "no progress bar (there is one only when standard error is a terminal)")
    boolean noProgress;
}
