package dev.loomy.report;

import java.io.PrintStream;

import dev.loomy.results.Format;
import dev.loomy.results.Results;

/** A way of writing results: one per {@link Format}. */
public interface ResultFormat {

    void write(Results results, PrintStream out);

    /** The writer of {@code format}. */
    static ResultFormat of(Format format) {
        return switch (format) {
            case TABLE -> new TableFormat();
            case MARKDOWN -> new MarkdownFormat();
            case CSV -> new CsvFormat();
            case JSON -> new JsonFormat();
        };
    }
}
