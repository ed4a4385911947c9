package dev.loomy.cli;

import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Option;

/** The files results are written to besides standard output, all from the same measurement. */
public final class ExportOptions {

    @Option(names = "--report", paramLabel = "FILE",
            description = "also write the results to FILE, in the format its extension names: .csv, .json, .md (or "
                    + ".txt: the table); repeatable")
    List<Path> report = List.of();

    @Option(names = "--export-csv", paramLabel = "FILE", description = "also write the results to FILE as csv; repeatable")
    List<Path> csv = List.of();

    @Option(names = "--export-json", paramLabel = "FILE",
            description = "also write the results to FILE as json, which 'loomy report' renders again; repeatable")
    List<Path> json = List.of();

    @Option(names = "--export-markdown", paramLabel = "FILE",
            description = "also write the results to FILE as markdown; repeatable")
    List<Path> markdown = List.of();

    @Option(names = "--chart", paramLabel = "FILE",
            description = "a PNG chart (FILE ends in .png) of images/sec per strategy and filter, with each one's "
                    + "slowest and fastest run")
    Path chart;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "a PNG (FILE ends in .png) of when each image finished against the order it was submitted, "
                    + "per strategy (its median run), a panel per filter")
    Path timeline;
}
