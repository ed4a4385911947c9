package dev.loomy.report;

import java.io.PrintStream;

import dev.loomy.results.Format;
import dev.loomy.results.Results;

/** A way of writing results: one per {@link Format}. */
public interface ResultFormat {

    void write(Results results, PrintStream out);

    /** The writer of {@code format}; a table fits the terminal. */
    static ResultFormat of(Format format) {
        return of(format, false);
    }

    /** The writer of {@code format}; a table shows every column if {@code wide}, else fits the terminal. */
    static ResultFormat of(Format format, boolean wide) {
        return switch (format) {
            case TABLE -> new TableFormat(TableFormat.terminalWidth(), wide);
            case MARKDOWN -> new MarkdownFormat();
            case CSV -> new CsvFormat();
            case JSON -> new JsonFormat();
        };
    }
}
