package dev.loomy.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

import dev.loomy.results.Results;

/** A way of writing results: {@code table}, {@code markdown}, {@code csv} or {@code json}. */
public interface ResultFormat {

    void write(Results results, PrintStream out);

    /** The format for a {@code --format} name. */
    static ResultFormat named(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "table" -> new TableFormat();
            case "markdown", "md" -> new MarkdownFormat();
            case "csv" -> new CsvFormat();
            case "json" -> new JsonFormat();
            default -> throw new IllegalArgumentException("unknown format '" + name + "' (expected table, markdown, csv or json)");
        };
    }

    /** The format for a {@code --report} file, by its extension. */
    static ResultFormat forFile(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        return switch (dot < 0 ? "" : name.substring(dot + 1)) {
            case "csv" -> new CsvFormat();
            case "json" -> new JsonFormat();
            case "md", "markdown" -> new MarkdownFormat();
            case "txt" -> new TableFormat();
            default -> throw new IllegalArgumentException("--report=" + file
                    + ": unknown extension (expected .csv, .json, .md or .txt)");
        };
    }
}
