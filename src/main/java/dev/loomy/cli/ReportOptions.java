package dev.loomy.cli;

import picocli.CommandLine.Option;

/** How results are shown. */
public final class ReportOptions {

    @Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "table, markdown, csv or json on standard output (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--quiet", description = "print nothing on standard error but errors")
    boolean quiet;
}
