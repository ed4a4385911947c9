package dev.loomy.cli;

import java.util.Optional;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How results are shown, and where else they go. */
public final class ReportOptions {

    /** Empty when not given: a run of one strategy, each filter once, then prints a summary line per filter. */
    @Option(names = "--format", paramLabel = "F", completionCandidates = Completions.FormatNames.class,
            description = "table, markdown, csv or json on standard output (default: table; a summary line per "
                    + "filter for one strategy, each filter run once)")
    Optional<String> format = Optional.empty();

    @Option(names = "--wide", description = "the table shows every column, however wide; by default it fits the "
            + "terminal (COLUMNS, else 100 characters), its least important columns left out first")
    boolean wide;

    // Listed in this one's section of --help, after its own.
    @Mixin
    ExportOptions exports = new ExportOptions();

    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error but errors and warnings, and no summary "
            + "line")
    boolean quiet;

    @Option(names = "--no-progress", description = "no progress bar (there is one only when standard error is a terminal)")
    boolean noProgress;
}
