package dev.loomy.results;

import java.nio.file.Path;

/**
 * A file the results are written to besides standard output, in one format: {@code --report}
 * (the format from the extension) or {@code --export-csv}, {@code --export-json}, {@code
 * --export-markdown}. Every export of a run renders the same measurement.
 *
 * @param option how the user named it, for messages: {@code --export-csv}
 */
public record Export(String option, Format format, Path file) {

    /** {@code --report=FILE}: the format its extension names. */
    public static Export report(Path file) {
        return new Export("--report", Format.forFile(file), file);
    }
}
